import SwiftUI

/// Mini player pinned above the tab bar. The `View` conformance is in
/// NowPlayingBar+View.swift.
struct NowPlayingBar {
    @ObservedObject var player: PodcastPlayer
    var onExpand: () -> Void = {}
}
