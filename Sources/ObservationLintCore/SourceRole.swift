import Foundation

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
        var path = path
        self = path.withUTF8(Self.role(ofPath:))
    }

    /// The role of the file at `path` in the project whose root folder is `root` (both
    /// absolute): `init(path:)` of the path relative to the root, without making that `String`.
    init(path: String, root: String) {
        var path = path
        let rootLength = root == "/" ? 1 : root.utf8.count + 1
        let role = path.withUTF8 { bytes -> SourceRole? in
            // Bytes are characters when the root, its slash and the next byte are ASCII.
            guard bytes.prefix(rootLength + 1).allSatisfy({ $0 < 0x80 }) else { return nil }
            return Self.role(ofPath: UnsafeBufferPointer(rebasing: bytes.dropFirst(rootLength)))
        }
        self = role ?? SourceRole(path: String(path.dropFirst(root == "/" ? 1 : root.count + 1)))
    }

    /// On bytes, without splitting: asked of every file of every run. Each folder's last
    /// bytes are read where a `/` ends it.
    private static func role(ofPath bytes: UnsafeBufferPointer<UInt8>) -> SourceRole {
        guard let base = bytes.baseAddress else { return .app }
        var folderStart = 0
        var isTest = false
        while let found = memchr(base + folderStart, Int32(UInt8(ascii: "/")), bytes.count - folderStart) {
            let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if end - folderStart >= 5 {
                let last = base + end - 5
                if last[0] == UInt8(ascii: "."), last[1] == UInt8(ascii: "d"), last[2] == UInt8(ascii: "o"), last[3] == UInt8(ascii: "c"),
                    last[4] == UInt8(ascii: "c")
                {
                    return .documentation
                }
                if last[0] == UInt8(ascii: "T"), last[1] == UInt8(ascii: "e"), last[2] == UInt8(ascii: "s"), last[3] == UInt8(ascii: "t"),
                    last[4] == UInt8(ascii: "s")
                {
                    isTest = true
                }
            }
            folderStart = end + 1
        }
        return isTest ? .test : .app
    }

    public var isReportedByDefault: Bool { self == .app }
}
