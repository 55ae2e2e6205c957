import ObservationLintCore
import ObservationLintRules
import XCTest

/// `published_mutated_off_main`'s and `observable_mutated_off_main`'s help suggest `@MainActor` only for a class that is not
/// already isolated to the main actor (a `@MainActor` class's code can still run off the main
/// thread where an SDK calls a closure on its own queue and Swift 5 mode inserts no check).
final class OffMainAdviceTests: XCTestCase {
    private let rule: [any Rule] = [PublishedMutatedOffMain()]
    private let source = """
        final class DropModel: ObservableObject {
            @Published var files: [URL] = []
            func take(_ provider: NSItemProvider) {
                _ = provider.loadObject(ofClass: URL.self) { url, _ in
                    if let url { self.files.append(url) }
                }
            }
        }
        struct DropTarget: View {
            @StateObject private var model = DropModel()
            var body: some View { Text("\\(model.files.count) files") }
        }
        """

    func testHelpSuggestsMainActorOnlyWhenTheClassIsNotAlready() {
        let plain = lint([("Drop.swift", source)], rules: rule).map(\.help)
        XCTAssertEqual(plain.count, 1)
        XCTAssert(plain[0]?.hasSuffix("or mark `DropModel` `@MainActor`") == true, "\(plain)")

        let isolated = source.replacingOccurrences(of: "final class DropModel", with: "@MainActor final class DropModel")
        let help = lint([("Drop.swift", isolated)], rules: rule).map(\.help)
        XCTAssertEqual(help.count, 1)
        XCTAssertEqual(help[0]?.contains("@MainActor`"), false, "\(help)")
    }

    func testObservableHelpSuggestsMainActorOnlyWhenTheClassIsNotAlready() {
        let observable = source.replacingOccurrences(of: "final class DropModel: ObservableObject", with: "@Observable final class DropModel")
            .replacingOccurrences(of: "@Published var", with: "var").replacingOccurrences(of: "@StateObject", with: "@State")
        let rules: [any Rule] = [ObservableMutatedOffMain()]
        let plain = lint([("Drop.swift", observable)], rules: rules).map(\.help)
        XCTAssertEqual(plain.count, 1)
        XCTAssert(plain[0]?.hasPrefix("mark `DropModel` `@MainActor`, or ") == true, "\(plain)")

        let isolated = observable.replacingOccurrences(of: "@Observable final class", with: "@MainActor @Observable final class")
        let help = lint([("Drop.swift", isolated)], rules: rules).map(\.help)
        XCTAssertEqual(help.count, 1)
        XCTAssertEqual(help[0]?.contains("@MainActor`"), false, "\(help)")
    }

    /// A SwiftData object belongs to its context, not to a class one could isolate.
    func testSwiftDataModelHelpAsksForTheMainActorNotAnAnnotation() {
        let model = source.replacingOccurrences(of: "final class DropModel: ObservableObject", with: "@Model final class DropModel")
            .replacingOccurrences(of: "@Published var", with: "var").replacingOccurrences(of: "@StateObject private var model = DropModel()", with: "let model: DropModel")
        let help = lint([("Drop.swift", model)], rules: [ObservableMutatedOffMain()]).map(\.help)
        XCTAssertEqual(help.count, 1)
        XCTAssert(help[0]?.hasPrefix("make the change on the main actor") == true, "\(help)")
        XCTAssertEqual(help[0]?.contains("mark `DropModel`"), false, "\(help)")
    }
}
