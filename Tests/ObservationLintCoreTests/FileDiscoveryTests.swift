import Foundation
@testable import ObservationLintCore
import Testing

@Suite struct FileDiscoveryTests {
    func discovery(_ folder: TemporaryFolder, included: [String] = [], excluded: [String] = []) -> FileDiscovery {
        FileDiscovery(
            configuration: Configuration(rootDirectory: folder.path, included: included, excluded: excluded),
            currentDirectory: folder.path)
    }

    func paths(_ discovery: FileDiscovery, _ arguments: [String] = []) throws -> [String] {
        try discovery.findFiles(arguments).files.map(\.path)
    }

    @Test func walksRecursivelyInOrderAndSkipsFolders() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for file in [
            "B.swift", "A.swift", "README.md", "Sources/App/Model.swift", "Sources/App/View.swift",
            ".build/debug/Gen.swift", ".git/x.swift", "DerivedData/D.swift", "Pods/P/P.swift", "Carthage/C.swift",
            ".hidden/H.swift", "Sources/.secret/S.swift", "Sources/._Model.swift", "Nested/Pods/Inner.swift",
        ] {
            try folder.write(file, "let x = 1\n")
        }
        #expect(try paths(discovery(folder)) == ["A.swift", "B.swift", "Sources/App/Model.swift", "Sources/App/View.swift"])
        #expect(try paths(discovery(folder), ["."]) == ["A.swift", "B.swift", "Sources/App/Model.swift", "Sources/App/View.swift"])
        #expect(try paths(discovery(folder), ["./Sources/"]) == ["Sources/App/Model.swift", "Sources/App/View.swift"])
        #expect(try paths(discovery(folder), ["Sources//App"]) == ["Sources/App/Model.swift", "Sources/App/View.swift"])
        #expect(try paths(discovery(folder), [folder.url("Sources")]) == [
            folder.url("Sources/App/Model.swift"), folder.url("Sources/App/View.swift"),
        ])
        // A hidden folder named explicitly is walked.
        #expect(try paths(discovery(folder), [".hidden"]) == [".hidden/H.swift"])
    }

    @Test func explicitFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("A.swift", "")
        try folder.write("Notes.txt", "")
        try folder.write("Generated/G.swift", "")
        let configured = discovery(folder, included: ["Sources"], excluded: ["Generated"])
        // `included` does not apply to a file named explicitly; `excluded` does; non-Swift files are skipped.
        #expect(try paths(configured, ["./A.swift", "Notes.txt", "Generated/G.swift"]) == ["A.swift"])
        // The same file twice is linted once.
        #expect(try paths(discovery(folder), ["A.swift", "A.swift", "."]) == ["A.swift", "Generated/G.swift"])
    }

    @Test func excludedAndIncluded() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for file in [
            "Sources/App/View.swift", "Sources/App/Generated/Assets.swift", "Sources/Model.generated.swift",
            "Sources/Model.swift", "Tests/T.swift", "Scripts/S.swift", "Deep/a/b/Generated/X.swift",
        ] {
            try folder.write(file, "")
        }
        #expect(
            try paths(discovery(folder, excluded: ["Tests", "**/Generated/**", "Sources/*.generated.swift"])) == [
                "Scripts/S.swift", "Sources/App/View.swift", "Sources/Model.swift",
            ])
        #expect(try paths(discovery(folder, excluded: ["**/Generated"])) == [
            "Scripts/S.swift", "Sources/App/View.swift", "Sources/Model.generated.swift", "Sources/Model.swift", "Tests/T.swift",
        ])
        #expect(try paths(discovery(folder, included: ["Sources", "Tests/*.swift"], excluded: ["Sources/App"])) == [
            "Sources/Model.generated.swift", "Sources/Model.swift", "Tests/T.swift",
        ])
        #expect(try paths(discovery(folder, excluded: ["S?ripts", "Deep/*/b"])) == [
            "Sources/App/Generated/Assets.swift", "Sources/App/View.swift", "Sources/Model.generated.swift",
            "Sources/Model.swift", "Tests/T.swift",
        ])
    }

    @Test func patternsAreRelativeToTheConfigurationFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("App/Sources/A.swift", "")
        try folder.write("App/Tests/T.swift", "")
        let configuration = Configuration(rootDirectory: folder.path, excluded: ["App/Tests"])
        let fromSubfolder = FileDiscovery(configuration: configuration, currentDirectory: folder.url("App"))
        #expect(try fromSubfolder.findFiles([]).files.map(\.path) == ["Sources/A.swift"])
    }

    @Test func missingPathIsAnError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(throws: FileDiscoveryError(missingPaths: ["Nope", "Missing.swift"])) {
            try discovery(folder).findFiles(["Nope", ".", "Missing.swift"])
        }
    }

    @Test func emptyFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try discovery(folder).discover([])
        #expect(result.inputs.isEmpty && result.errors.isEmpty)
    }

    @Test func symlinkLoopsEnd() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Sources/A.swift", "")
        try folder.symlink("Sources/Loop", to: folder.url("Sources"))
        try folder.symlink("Sources/Up", to: "..")
        try folder.symlink("Alias", to: "Sources")
        try folder.symlink("Link.swift", to: "Sources/A.swift")
        let found = try discovery(folder).findFiles([])
        #expect(found.files.map(\.path) == ["Sources/A.swift"])
        #expect(found.errors.isEmpty)
    }

    @Test func brokenSymlinkIsAnInputError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("A.swift", "let a = 1\n")
        try folder.symlink("Gone.swift", to: folder.url("Nowhere.swift"))
        let result = try discovery(folder).discover([])
        #expect(result.inputs.map(\.path) == ["A.swift"])
        #expect(result.errors == [InputError(file: "Gone.swift", message: "cannot read: broken symbolic link")])
        // Named explicitly, it exists (as a link) but cannot be read.
        let explicit = try discovery(folder).discover(["Gone.swift"])
        #expect(explicit.inputs.isEmpty)
        #expect(explicit.errors.count == 1)
    }

    @Test func readsBytesOnceAndChecksUTF8() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Good.swift", "let é = \"ü\"\n")
        try folder.write("Latin1.swift", bytes: Array("let a = 1\nlet b = \"".utf8) + [0xE9] + Array("\"\n".utf8))
        try folder.write("UTF16.swift", bytes: [0xFF, 0xFE, 0x6C, 0x00])
        try folder.write("BOM.swift", bytes: [0xEF, 0xBB, 0xBF] + Array("let x = 1\n".utf8))
        let result = try discovery(folder).discover([])
        #expect(result.inputs.map(\.path) == ["BOM.swift", "Good.swift"])
        #expect(result.inputs.last?.bytes == Array("let é = \"ü\"\n".utf8))
        #expect(
            result.errors == [
                InputError(file: "Latin1.swift", message: "not valid UTF-8: byte 0xE9 at line 2, column 10; save the file as UTF-8"),
                InputError(
                    file: "UTF16.swift",
                    message: "not valid UTF-8: the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8"),
            ])
    }

    @Test(.enabled(if: getuid() != 0, "root reads files whatever their permissions; the broken-link test covers unreadable files"))
    func unreadableFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("A.swift", "")
        let locked = try folder.write("Locked.swift", "")
        chmod(locked, 0)
        let result = try discovery(folder).discover([])
        #expect(result.inputs.map(\.path) == ["A.swift"])
        #expect(result.errors == [InputError(file: "Locked.swift", message: "cannot read the file: Permission denied")])
    }

    @Test func utf8Validation() {
        #expect(FileDiscovery.utf8Problem(in: Array("plain ascii".utf8)) == nil)
        #expect(FileDiscovery.utf8Problem(in: Array("emoji 🙂 and 日本".utf8)) == nil)
        #expect(FileDiscovery.utf8Problem(in: [0xC0, 0x80]) != nil)  // overlong
        #expect(FileDiscovery.utf8Problem(in: [0xED, 0xA0, 0x80]) != nil)  // surrogate
        #expect(FileDiscovery.utf8Problem(in: [0xF4, 0x90, 0x80, 0x80]) != nil)  // above U+10FFFF
        #expect(FileDiscovery.utf8Problem(in: [0x61, 0xE2, 0x82]) != nil)  // truncated
        // Past the 32- and 8-byte ASCII blocks.
        let long = Array(String(repeating: "abcdefgh", count: 5).utf8)
        #expect(FileDiscovery.utf8Problem(in: long + Array("é🙂".utf8) + long) == nil)
        for offset in [0, 7, 8, 31, 32, 39, 40] {
            var bytes = long + long
            bytes[offset] = 0xFF
            #expect(FileDiscovery.utf8Problem(in: bytes)?.contains("column \(offset + 1);") == true, "\(offset)")
        }
    }

    @Test func pathUtilities() {
        #expect(PathUtilities.normalize("/a/./b//c/../d/") == "/a/b/d")
        #expect(PathUtilities.normalize("../x/./y") == "../x/y")
        #expect(PathUtilities.normalize("/..") == "/")
        #expect(PathUtilities.normalize("/é/./b/../ç//d") == "/é/ç/d")
        // The fast path takes exactly the paths normalization leaves as they are (leading
        // `..` and `/` alone go the long way).
        for path in ["/a/b", "a", ".hidden/x", "a/...b"] { #expect(PathUtilities.isNormalized(path), "\(path)") }
        for path in ["/", "", "a/", "./a", "a/..", "/a//b", ".."] { #expect(!PathUtilities.isNormalized(path), "\(path)") }
        #expect(PathUtilities.displayPath("./Sources//App/") == "Sources/App")
        #expect(PathUtilities.displayPath("./") == ".")
        #expect(PathUtilities.displayPath("../Other/A.swift") == "../Other/A.swift")
        #expect(PathUtilities.relative("/a/b/c", to: "/a/d") == "../b/c")
        #expect(PathUtilities.relative("/a/b", to: "/a/b") == ".")
        #expect(PathUtilities.directory(of: "/a/b.yml") == "/a")
        #expect(PathUtilities.directory(of: "/a") == "/")
        #expect(PathUtilities.absolute("x/../y", relativeTo: "/base") == "/base/y")
    }
}
