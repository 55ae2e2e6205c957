import AVFoundation
import SwiftUI

/// `@Observable` classes are tracked without a wrapper.
struct NowPlayingBar: View {
    let nowPlaying: NowPlaying
    @State private var preview = NowPlaying()

    var body: some View {
        Text(nowPlaying.song?.title ?? "Not playing")
        Text("\(Int(preview.position))")
    }
}

/// Value types and types from other modules.
struct SongRow: View {
    let song: Song
    let player: AVPlayer

    var body: some View {
        Text(song.title)
        Text("\(player.rate)")
    }
}

/// The object is only used in an action: nothing on screen depends on it.
struct EnqueueButton: View {
    let queue: PlaybackQueue
    let song: Song

    var body: some View {
        Button("Play next") { queue.enqueue(song) }
    }
}

/// An immutable class: nothing to observe.
struct MetadataLabel: View {
    let metadata: SongMetadata

    var body: some View {
        Text("\(metadata.title) · \(Int(metadata.duration)) s")
    }
}

/// A superclass from another module might be observable: no guess.
struct VisualizerView: View {
    let bridge: VisualizerBridge

    var body: some View {
        Circle().scaleEffect(bridge.intensity)
    }
}

/// Observed through the right wrappers.
struct LibraryScreen: View {
    @ObservedObject var library: MusicLibrary
    @StateObject private var queue = PlaybackQueue()

    var body: some View {
        Text("\(library.albums.count) albums, \(queue.songs.count) queued")
    }
}

/// Created in a plain property: `observable_created_in_view_property` reports it (the same
/// root cause), this rule does not.
struct MiniQueue: View {
    let queue = PlaybackQueue() // expect: observable_created_in_view_property

    var body: some View {
        Text("\(queue.songs.count)")
            .onTapGesture { queue.enqueue(Song(id: UUID(), title: "Intro", artist: "")) }
    }
}

/// Re-creates `MiniQueue` each time its counter changes.
struct QueueTab: View {
    @State private var plays = 0

    var body: some View {
        Button("Played \(plays)") { plays += 1 }
        MiniQueue()
    }
}
