import SwiftUI

/// Declared here, a `View` through the extension in `LyricsView+Body.swift`.
struct LyricsView {
    var lyrics: SyncedLyrics? // expect: unobserved_model_in_view
}
