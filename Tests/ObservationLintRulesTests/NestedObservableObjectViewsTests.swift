import ObservationLintCore
import ObservationLintRules
import XCTest

final class NestedObservableObjectViewsTests: XCTestCase {
    /// One finding per child property, naming in its notes every view that reads the child
    /// through the parent and misses a change (each is a screen that goes stale).
    func testEveryReadingViewIsNoted() {
        let code = """
            import SwiftUI
            final class Client { func fetch(_ done: @escaping ([String]) -> Void) {} }
            final class Routes: ObservableObject {
                @Published var items: [String] = []
                private let client = Client()
                func load() { client.fetch { found in DispatchQueue.main.async { self.items = found } } }
            }
            final class Session: ObservableObject {
                @Published var routes = Routes()
                @Published var isConnected = false
                func connect() {
                    isConnected = true
                    routes.load()
                }
            }
            struct RoutesTab: View {
                @EnvironmentObject var session: Session
                var body: some View { Text(session.routes.items.isEmpty ? "No routes" : "Routes") }
            }
            struct RoutesCount: View {
                @EnvironmentObject var session: Session
                var body: some View { Text("\\(session.routes.items.count)") }
            }
            """
        let found = lint([(path: "App.swift", code: code)], rules: [NestedObservableObject()])
        XCTAssertEqual(found.count, 1, "\(found)")
        let lines = Set(found.first?.notes.map(\.range.start.line) ?? [])
        // The write in `load()`'s completion handler, and the reads of both views.
        XCTAssertEqual(lines, [6, 18, 22], "\(found)")
    }

    /// A read that is the binding a control writes through is the weakest witness: the
    /// stepper's label, which goes stale, is cited rather than the stepper's own binding.
    func testTheReadAControlWritesThroughIsCitedLast() {
        let code = """
            import SwiftUI
            final class Plan: ObservableObject { @Published var minutes = 25 }
            final class Timer: ObservableObject {
                var plan = Plan()
            }
            struct PlanEditor: View {
                @StateObject private var timer = Timer()
                var body: some View {
                    Stepper(value: $timer.plan.minutes, in: 5...60) {
                        Text("\\(timer.plan.minutes) min")
                    }
                }
            }
            """
        let found = lint([(path: "App.swift", code: code)], rules: [NestedObservableObject()])
        XCTAssertEqual(found.count, 1, "\(found)")
        // The write through the stepper's binding, and the label's read.
        XCTAssertEqual(found.first?.notes.map(\.range.start.line), [9, 10], "\(found)")
    }
}
