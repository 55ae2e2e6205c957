import SwiftUI

@MainActor
final class ThermostatModel: ObservableObject {
    @Published var target = 21.0
}

/// Public: the apps that use the package build it, the analysis does not see where.
public struct ThermostatView: View {
    @ObservedObject var model = ThermostatModel() // expect: observed_object_created_inline

    public var body: some View {
        Stepper("Target: \(model.target, specifier: "%.1f")", value: $model.target)
    }
}

/// Runs its body again whenever the room changes, re-creating the thermostat.
struct ThermostatPanel: View {
    @State private var room = "Living room"

    var body: some View {
        Picker("Room", selection: $room) {
            Text("Living room").tag("Living room")
            Text("Bedroom").tag("Bedroom")
        }
        Text(room)
        ThermostatView()
    }
}

// Previews never run in the app: the same mistake here is not reported.
#Preview {
    struct PreviewHost: View {
        @ObservedObject var model = ThermostatModel()
        var body: some View { Text("\(model.target)") }
    }
    return PreviewHost()
}

struct ThermostatView_Previews: PreviewProvider {
    struct Frame: View {
        @ObservedObject var model = ThermostatModel()
        var body: some View { ThermostatView(model: model).padding() }
    }

    static var previews: some View { Frame() }
}
