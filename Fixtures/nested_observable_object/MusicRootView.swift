import SwiftUI

/// Root of the music scenario: owns every model and injects the shared ones.
struct MusicRootView: View {
    @StateObject private var library = MusicLibrary()
    @StateObject private var tuner = RadioTuner()
    @StateObject private var session = SessionStore(account: AccountModel(displayName: "Sam"))
    @StateObject private var folder = PlaylistFolder(title: "Workouts", playlists: [])
    @StateObject private var studio = StudioSession()
    @StateObject private var monitor = MonitorSession(mixer: MixerModel())
    @StateObject private var output = AudioOutput()
    @StateObject private var screen = PlayerScreenModel()
    @StateObject private var car = CarModeModel()
    @StateObject private var status = LibraryStatusModel(downloads: DownloadQueue())
    @StateObject private var importer = ImportCoordinator()
    @StateObject private var preview = PreviewPlayerModel()

    var body: some View {
        TabView {
            NavigationStack {
                LibraryView()
            }
            .tabItem { Label("Library", systemImage: "music.note.house") }

            List {
                FolderView(folder: folder)
            }
            .tabItem { Label("Folders", systemImage: "folder") }

            RadioView(code: "KEXP")
                .tabItem { Label("Radio", systemImage: "dot.radiowaves.left.and.right") }

            PlayerScreen(screen: screen)
                .tabItem { Label("Player", systemImage: "play.circle") }

            Form {
                AccountHeader(session: session)
                DownloadStatusView(suggestions: [])
                AudioOutputView(output: output)
                StudioView(studio: studio, monitor: monitor)
                CarModeView(car: car)
                LibraryStatusView(status: status, importer: importer, preview: preview)
            }
            .tabItem { Label("Settings", systemImage: "gear") }
        }
        .environmentObject(library)
        .environmentObject(tuner)
    }
}

#Preview {
    MusicRootView()
}
