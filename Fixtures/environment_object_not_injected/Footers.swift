import SwiftUI

/// The app injects a `DraftStore`; an environment object is found by the exact type that was
/// injected, so a `BaseStore` is never found.
struct DraftBar: View {
    @EnvironmentObject private var store: BaseStore // expect: environment_object_not_injected
    @EnvironmentObject private var drafts: DraftStore

    var body: some View {
        HStack {
            Text(drafts.draft)
            if store.isLoading {
                ProgressView()
            }
        }
    }
}

struct SyncFooter: View {
    @EnvironmentObject var sync: SyncStatus // expect: environment_object_not_injected

    var body: some View {
        Text(sync.lastSync.map { "Synced \($0.formatted())" } ?? "Never synced")
    }
}

struct WeatherHeader: View {
    @Environment(Weather.self) private var weather // expect: environment_object_not_injected
    @Environment(Weather.self) private var optionalWeather: Weather?

    var body: some View {
        VStack {
            Text(weather.summary)
            Text(optionalWeather?.summary ?? "–")
        }
    }
}
