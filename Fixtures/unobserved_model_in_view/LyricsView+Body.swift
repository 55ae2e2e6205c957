import SwiftUI

extension LyricsView: View {
    var body: some View {
        Text(lyrics?.currentLine ?? "")
    }
}
