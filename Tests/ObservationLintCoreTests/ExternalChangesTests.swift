import ObservationLintCore
import ObservationSyntax
import XCTest

/// `ProjectIndex.announcements(drivenBy:in:)`: the sends that run as a held object reports a change.
final class ExternalChangesTests: XCTestCase {
    func testSendsInsideALoopOrSubscriptionOverTheHolderAreDrivenByIt() {
        let source = """
            final class Connection: ObservableObject {
                private let link: NetworkLink
                private let other: NetworkLink
                init(link: NetworkLink, other: NetworkLink) {
                    self.link = link
                    self.other = other
                    Task {
                        for await _ in link.peerUpdates.removeDuplicates() {
                            objectWillChange.send()
                        }
                    }
                    cancellable = other.changes
                        .sink { _ in self.objectWillChange.send() }
                }
                func refresh() { objectWillChange.send() }
            }
            """
        let index = ProjectIndex(files: [ParsedFile(path: "Connection.swift", bytes: Array(source.utf8))])
        let type = index.type(named: "Connection")!
        let file = index.files[0]
        let lines = { (sites: [TokenLocation]) in sites.map { file.source.location(of: file.tokens[$0.token].range.lowerBound).line } }
        XCTAssertEqual(lines(index.announcements(drivenBy: "link", in: type)), [9])
        XCTAssertEqual(lines(index.announcements(drivenBy: "other", in: type)), [13])
        XCTAssertEqual(lines(index.announcements(drivenBy: "missing", in: type)), [])
    }
}
