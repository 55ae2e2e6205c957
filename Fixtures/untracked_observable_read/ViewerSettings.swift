import SwiftUI
import Observation

/// `@AppStorage` cannot be tracked, so it is ignored, and views reading it do not update.
@MainActor
@Observable
final class ViewerSettings {
    @ObservationIgnored
    @AppStorage("gallery.columns") var columns = 3 // expect: untracked_observable_read

    /// The last photo opened: only read when a button is tapped.
    @ObservationIgnored var lastOpenedID: UUID?

    var showsCaptions = true
}

struct ViewerSettingsView: View {
    @Bindable var settings: ViewerSettings

    var body: some View {
        Form {
            Stepper("Columns", value: $settings.columns, in: 1...6)
            Text("\(settings.columns) columns")
            Toggle("Captions", isOn: $settings.showsCaptions)
            Button("Reopen last") {
                if let id = settings.lastOpenedID { print(id) }
            }
            Button("Forget") { settings.lastOpenedID = nil }
        }
    }
}
