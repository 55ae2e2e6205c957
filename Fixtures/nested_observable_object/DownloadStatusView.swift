import SwiftUI

struct DownloadStatusView: View {
    @StateObject private var center = DownloadCenter()
    let suggestions: [Track]

    var body: some View {
        VStack(alignment: .leading) {
            if let task = center.activeTask {
                Text(task.title)
                ProgressView(value: task.fraction)
            } else {
                Text("\(center.completed.count) downloaded")
            }
            ForEach(suggestions) { track in
                Button("Download \(track.title)") {
                    center.start(track)
                }
            }
        }
    }
}
