import SwiftUI

final class TrailStore: ObservableObject { // expect: observable_object_main_actor
    @Published var trails: [String] = []
}

@main
struct TrailPhoneApp: App {
    @StateObject private var store = TrailStore()

    var body: some Scene {
        WindowGroup {
            TrailHome().environmentObject(store)
        }
        // Only this app shows `TrailMap`, and without the store.
        WindowGroup("Map", id: "map") { TrailMap() }
    }
}

struct TrailHome: View {
    var body: some View {
        VStack {
            TrailList()
            TrailSummary()
        }
    }
}

struct TrailList: View {
    @EnvironmentObject var store: TrailStore
    var body: some View { List(store.trails, id: \.self) { Text($0) } }
}

struct TrailSummary: View {
    @EnvironmentObject var store: TrailStore
    var body: some View { Text("\(store.trails.count) trails") }
}

struct TrailMap: View {
    @EnvironmentObject var store: TrailStore // expect: environment_object_not_injected
    var body: some View { Text("\(store.trails.first ?? "")") }
}
