import ObservationLintCore
import ObservationSyntax
import XCTest

final class DisappearingTests: XCTestCase {
    private let model = """
        final class PlayerModel: ObservableObject {
            @Published var title = ""
            var player: String?
            var cache: [String] = []
            var log: [String] = []
            var frames: [Int] = []
            func stop() { player = nil }
            func clear() { cache = [] }
            func trim() { log = [] }
            func reset() { frames = [] }
        }
        """

    /// Whether each write of `property` runs only as its owner view's content goes.
    private func disappearing(_ property: String, _ views: String) -> [Bool] {
        let index = ProjectIndex(
            files: [
                ParsedFile(path: "Model.swift", bytes: Array(model.utf8)), ParsedFile(path: "Views.swift", bytes: Array(views.utf8)),
            ], defaultIsolationIsMainActor: false)
        guard let type = index.types["PlayerModel"] else {
            XCTFail("no model")
            return []
        }
        return index.changes(of: type).writes(of: property).map { index.runsOnlyAsOwnerDisappears($0.site) }
    }

    func testWritesAsTheOwnersWholeContentGoes() {
        let views = """
            struct Overlay: View {
                @StateObject private var model = PlayerModel()
                @State private var isShown = false
                var body: some View {
                    if isShown {
                        ZStack { Text(model.player ?? "") }
                            .onDisappear { stopPlayback() }
                    } else {
                        EmptyView()
                    }
                }
                private func stopPlayback() { model.stop() }
            }
            struct Screen: View {
                @StateObject private var model = PlayerModel()
                var body: some View {
                    VStack { Text(model.player ?? "") }
                        .onDisappear {
                            model.clear()
                            model.frames = []
                        }
                }
            }
            struct Row: View {
                @ObservedObject var model: PlayerModel
                var body: some View {
                    Text(model.player ?? "").onDisappear { model.trim() }
                }
            }
            struct Panel: View {
                @StateObject private var model = PlayerModel()
                var body: some View {
                    Text(model.title)
                    Text(model.player ?? "").onDisappear { model.reset() }
                }
            }
            """
        // The `.onDisappear` applied to all `Overlay` shows (the one `if`, whose `else` shows
        // nothing), reached through a method of the view, on the view's own object.
        XCTAssertEqual(disappearing("player", views), [true])
        // The call and the direct write, in the `.onDisappear` of `Screen`'s whole content.
        XCTAssertEqual(disappearing("cache", views), [true])
        // `reset()` runs as only part of `Panel`'s content goes: its first `Text` stays.
        XCTAssertEqual(disappearing("frames", views), [false, true])
        // An object passed in (`@ObservedObject`) may be shown by the views that passed it.
        XCTAssertEqual(disappearing("log", views), [false])
    }

    func testPartOfTheContentGoingIsNoWitnessOfAbsence() {
        let views = """
            struct Panel: View {
                @StateObject private var model = PlayerModel()
                var body: some View {
                    Text(model.title)
                    Text(model.player ?? "").onDisappear { model.stop() }
                }
            }
            struct Other: View {
                @StateObject private var model = PlayerModel()
                var body: some View { Button("Stop") { model.stop() } }
            }
            """
        // `Panel` goes on showing its first `Text` after the second goes; `Other` stops in an action.
        XCTAssertEqual(disappearing("player", views), [false])
    }
}
