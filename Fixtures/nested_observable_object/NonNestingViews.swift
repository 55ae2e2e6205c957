import SwiftUI

/// Reads the mixer through StudioSession / MonitorSession, which forward its changes.
struct StudioView: View {
    @ObservedObject var studio: StudioSession
    @ObservedObject var monitor: MonitorSession

    var body: some View {
        VStack {
            Gauge(value: studio.mixer.masterLevel) {
                Text("Master")
            }
            Text(studio.levelDescription)
            if monitor.mixer.isClipping {
                Label("Monitor clipping", systemImage: "exclamationmark.triangle")
            }
            Toggle("Record", isOn: $studio.isRecording)
        }
    }
}

/// Reads an `@Observable` child and a value-type property through AudioOutput.
struct AudioOutputView: View {
    @ObservedObject var output: AudioOutput

    var body: some View {
        Form {
            Text("Bass \(output.equalizer.bass, format: .number.precision(.fractionLength(1))) dB")
            EqualizerControls(equalizer: output.equalizer)
            Text("Crossfade: \(Int(output.settings.crossfadeSeconds)) s")
            Picker("Quality", selection: $output.settings.streamingQuality) {
                ForEach(AudioSettings.Quality.allCases, id: \.self) { Text($0.rawValue).tag($0) }
            }
            LabeledContent("Output", value: output.routeName)
        }
    }
}

struct EqualizerControls: View {
    @Bindable var equalizer: Equalizer

    var body: some View {
        Slider(value: $equalizer.bass, in: -12...12) {
            Text("Bass")
        }
        Slider(value: $equalizer.treble, in: -12...12) {
            Text("Treble")
        }
        Button("Reset") { equalizer.reset() }
    }
}

/// Only hands the children on; the child views observe them.
struct PlayerScreen: View {
    @ObservedObject var screen: PlayerScreenModel

    var body: some View {
        NavigationStack {
            List {
                ForEach(screen.playlists) { playlist in
                    NavigationLink {
                        PlaylistDetailView(playlist: playlist)
                    } label: {
                        PlaylistRow(playlist: playlist)
                    }
                }
            }
            .safeAreaInset(edge: .bottom) {
                if let playlist = screen.focusedPlaylist {
                    PlaylistRow(playlist: playlist)
                }
            }
            .toolbar {
                Button("Up Next") { screen.isShowingQueue = true }
            }
            .sheet(isPresented: $screen.isShowingQueue) {
                UpNextList(queue: screen.queue)
            }
        }
    }
}

/// Reads the child's state only inside action closures.
struct CarModeView: View {
    @ObservedObject var car: CarModeModel

    var body: some View {
        VStack(spacing: 24) {
            Image(systemName: car.isConnected ? "car.fill" : "car")
                .font(.largeTitle)
            Button("Skip") {
                if !car.queue.upNext.isEmpty {
                    car.queue.skip()
                }
            }
        }
        .onAppear {
            print("CarPlay up next: \(car.queue.upNext.count)")
        }
        .task {
            await car.queue.prefetch()
        }
        .onChange(of: car.isConnected) { _, connected in
            if connected {
                car.queue.restore(count: car.queue.upNext.count)
            }
        }
    }
}

struct LibraryStatusView: View {
    @ObservedObject var status: LibraryStatusModel
    @ObservedObject var importer: ImportCoordinator
    @ObservedObject var preview: PreviewPlayerModel

    var body: some View {
        VStack {
            Text(status.statusText)
            Text("\(importer.importedCount) imported")
            Text(preview.player.rate == 0 ? "Preview paused" : "Preview playing")
        }
        .task {
            status.refreshStatus()
        }
    }
}
