import SwiftUI

/// `@State` does not subscribe to an ObservableObject's `objectWillChange`.
struct QueueView: View {
    @State private var queue = PlaybackQueue() // expect: unobserved_model_in_view

    var body: some View {
        List(queue.songs) { song in
            Text(song.title)
        }
    }
}

/// A passed-in ObservableObject in a plain `let`: the view does not follow its changes.
struct LibrarySummary: View {
    let library: MusicLibrary // expect: unobserved_model_in_view

    var body: some View {
        VStack {
            Text("\(library.albums.count) albums")
            if library.isSyncing { ProgressView() }
        }
    }
}

/// Two problems with two causes: the memberwise initializer seeds the `@State` (only the
/// first value is kept), and `@State` does not observe the ObservableObject.
struct RecorderMeter: View {
    @State var recorder: VoiceRecorder // expect: state_initialized_from_parameter, unobserved_model_in_view

    var body: some View {
        ProgressView(value: recorder.level)
    }
}

/// A plain class in `@State`: its changes never update the view.
struct VolumeControl: View {
    @State private var engine = AudioEngine() // expect: unobserved_model_in_view

    var body: some View {
        VStack {
            Text(engine.isPlaying ? "Playing" : "Stopped")
            Slider(value: Binding(get: { engine.volume }, set: { engine.setVolume($0) }))
            Button("Play") { engine.play() }
        }
    }
}

/// A tab label reading the shared queue without observing it: the badge stays stale.
struct PlayerTabs: View {
    var body: some View {
        TabView {
            Text("Queue")
                .tabItem { Text("Queue \(PlaybackQueue.shared.songs.count)") } // expect: unobserved_model_in_view
        }
    }
}
