import SwiftUI

struct RadioView: View {
    @EnvironmentObject private var tuner: RadioTuner
    let code: String

    var body: some View {
        VStack {
            Text(code)
                .font(.largeTitle.bold())
            Text(tuner.stations[code]?.nowPlaying ?? "Not tuned")
            Button(tuner.isScanning ? "Scanning…" : "Scan") {
                tuner.scan()
            }
        }
    }
}

struct FolderView: View {
    @ObservedObject var folder: PlaylistFolder

    var body: some View {
        Section(folder.title) {
            ForEach(folder.playlists) { playlist in
                Label(playlist.name, systemImage: "music.note.list")
            }
        }
    }
}
