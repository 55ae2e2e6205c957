import SwiftUI

/// The child is read only by methods the view hands over (a text binding's change handler,
/// a row's callback, an argument label spelled like a method): they run on events, never
/// while the body is evaluated, so nothing goes stale.
@MainActor
final class DeviceFilterPreferences: ObservableObject {
    @Published var bootedFirst = false
    @Published var hideUnavailable = false
}

@MainActor
final class DeviceListController: ObservableObject {
    let preferences = DeviceFilterPreferences()
    @Published var devices: [String] = []

    func filterDevices() {
        if preferences.bootedFirst { devices.sort() }
    }

    func pruneDevices() {
        if preferences.hideUnavailable { devices.removeAll { $0.isEmpty } }
    }
}

struct DeviceSidebar: View {
    @ObservedObject var controller: DeviceListController
    @State private var filter = ""

    var body: some View {
        VStack {
            List(controller.devices, id: \.self) { Text($0) }
            TextField("Filter", text: Binding(get: { filter }, set: { filter = $0; controller.filterDevices() }))
                .onSubmit(controller.filterDevices)
            DeviceSidebarFooter(prune: prune)
        }
    }

    private func prune() {
        controller.pruneDevices()
    }
}

struct DeviceSidebarFooter: View {
    let prune: () -> Void

    var body: some View {
        Button("Prune", action: prune)
    }
}
