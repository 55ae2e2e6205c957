import SwiftUI
import XCTest

// A test target: indexed, never reported on by default.
struct ThermostatHarness: View {
    @ObservedObject var model = ThermostatModel()

    var body: some View { ThermostatView(model: model) }
}

final class ThermostatViewTests: XCTestCase {
    func testStartsAtTwentyOne() {
        XCTAssertEqual(ThermostatHarness().model.target, 21)
    }
}
