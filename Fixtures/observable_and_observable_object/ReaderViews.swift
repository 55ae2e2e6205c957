import SwiftUI

struct ReaderScreen: View {
    @StateObject private var progress = ReaderProgress()
    @State private var theme = ReaderTheme()
    @ObservedObject var clock: ReaderClock
    let bookmarks: BookmarkStore

    var body: some View {
        VStack {
            Text("Chapter \(progress.chapter)")
            Text("\(bookmarks.bookmarks.count) bookmarks")
            Text("\(clock.minutesRead) minutes")
            Toggle("Dark", isOn: $theme.isDark)
            Button("Next") { progress.advance() }
        }
    }
}
