/// What a file is for, judged from its path (SPEC §9, "Code that never runs in the app").
/// Test and documentation code is indexed (it may construct views and inject objects) but
/// not reported on unless `--include-tests` or `include_tests: true` asks for it.
public enum SourceRole: String, Sendable, CaseIterable {
    /// Code that ships in the app or package.
    case app
    /// A test target: a folder named `Tests` or ending in `Tests` (`AppTests`, `AppUITests`).
    case test
    /// A DocC catalog: a folder ending in `.docc`.
    case documentation

    /// The role of the file at `path`, from its folders only (a file named `FooTests.swift`
    /// in an app folder is app code). Give the path relative to the project, as the lint
    /// command shows it: folders above the project are not the project's business.
    public init(path: String) {
        // On bytes, without splitting: asked of every file of every run.
        let bytes = path.utf8
        var folderStart = bytes.startIndex
        var isTest = false
        for index in bytes.indices where bytes[index] == UInt8(ascii: "/") {
            let folder = bytes[folderStart..<index]
            if folder.ends(with: Self.docc) {
                self = .documentation
                return
            }
            if folder.ends(with: Self.tests) { isTest = true }
            folderStart = bytes.index(after: index)
        }
        self = isTest ? .test : .app
    }

    private static let docc = Array(".docc".utf8)
    private static let tests = Array("Tests".utf8)

    public var isReportedByDefault: Bool { self == .app }
}

extension Substring.UTF8View {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && self.suffix(suffix.count).elementsEqual(suffix)
    }
}
