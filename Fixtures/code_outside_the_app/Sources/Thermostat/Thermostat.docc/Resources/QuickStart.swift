import SwiftUI

// A DocC tutorial's code listing: documentation, not app code.
struct QuickStartThermostat: View {
    @ObservedObject var model = ThermostatModel()

    var body: some View { Text("\(model.target)") }
}
