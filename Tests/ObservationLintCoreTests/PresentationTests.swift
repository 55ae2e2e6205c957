import ObservationLintCore
import ObservationSyntax
import XCTest

/// `ProjectIndex.isPresentationContent(_:)` and `runsAsViewAppears(_:view:)`: presentation
/// content is built when presented, after the presenting view's `.onAppear` ran.
final class PresentationTests: XCTestCase {
    private func index(_ source: String) -> ProjectIndex {
        ProjectIndex(files: [ParsedFile(path: "View.swift", bytes: Array(source.utf8))])
    }

    private func location(of marker: String, in index: ProjectIndex) -> TokenLocation {
        let file = index.files[0]
        return TokenLocation(file: 0, token: file.tokens.indices.first { file.text($0) == marker }!)
    }

    private let view = """
        struct ExportView: View {
            @StateObject private var exporter = Exporter()
            @State private var sharing = false
            let name: String
            var body: some View {
                Text(exporter.SHOWN)
                    .sheet(isPresented: $sharing, onDismiss: { exporter.DISMISSED = 1 }) { Text(exporter.PRESENTED) }
                    .navigationDestination(for: Int.self) { _ in Text(exporter.DESTINATION) }
                    .onAppear { exporter.APPEAR = name; configure { exporter.CONFIGURED = name } }
                    .onAppear { DispatchQueue.main.async { exporter.LATER = name } }
                    .onChange(of: name) { exporter.CHANGED = name }
            }
            func configure(_ setup: (() -> Void)?) { setup?() }
        }
        """

    func testPresentationContentIsTheContentClosureOfAPresentingModifier() {
        let index = index(view)
        XCTAssertTrue(index.isPresentationContent(location(of: "PRESENTED", in: index)))
        XCTAssertTrue(index.isPresentationContent(location(of: "DESTINATION", in: index)))
        XCTAssertFalse(index.isPresentationContent(location(of: "SHOWN", in: index)))
        XCTAssertFalse(index.isPresentationContent(location(of: "DISMISSED", in: index)))
    }

    func testOnlyTheSynchronousFlowOfTheViewsOwnOnAppearRunsAsItAppears() {
        let index = index(view)
        XCTAssertTrue(index.runsAsViewAppears(location(of: "APPEAR", in: index), view: "ExportView"))
        XCTAssertTrue(index.runsAsViewAppears(location(of: "CONFIGURED", in: index), view: "ExportView"))
        XCTAssertFalse(index.runsAsViewAppears(location(of: "LATER", in: index), view: "ExportView"))
        XCTAssertFalse(index.runsAsViewAppears(location(of: "CHANGED", in: index), view: "ExportView"))
        XCTAssertFalse(index.runsAsViewAppears(location(of: "APPEAR", in: index), view: "OtherView"))
    }
}
