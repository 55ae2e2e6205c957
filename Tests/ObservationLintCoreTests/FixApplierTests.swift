import Foundation
import ObservationLintCore
import ObservationSyntax
import XCTest

/// Renames every `x` to `y` and notes each fix at the start of the file: two such fixes
/// always overlap (both edit the file's start), so each pass applies one.
private struct RenameX: Rule {
    static let description = testDescription(id: "rename_x", safety: .safe)

    func check(_ context: inout RuleContext) { reportRenames(&context, notingAtStart: true) }
}

/// One fix per `x`, without overlap, but unsafe.
private struct UnsafeRenameX: Rule {
    static let description = testDescription(id: "unsafe_rename_x", safety: .unsafe)

    func check(_ context: inout RuleContext) { reportRenames(&context, notingAtStart: false) }
}

private func testDescription(id: String, safety: FixSafety) -> RuleDescription {
    RuleDescription(
        id: id, name: "Rename x", category: .ownership, group: .style, summary: "An `x`.", rationale: "Test.", fix: "Rename it.",
        triggeringExamples: [], nonTriggeringExamples: [], autoFix: AutoFix(safety, reason: "Test.", corrections: []))
}

private func reportRenames(_ context: inout RuleContext, notingAtStart: Bool) {
    for token in context.file.tokens.indices where context.file.at(token, "x") {
        let rename = context.edit(replacing: token..<token + 1, with: "y")
        let edits = notingAtStart ? [context.edit(insertingBefore: 0, "/*y*/"), rename] : [rename]
        context.report("x", at: token..<token + 1, fixes: [Fix(title: "Rename x", edits: edits)])
    }
}

final class FixApplierTests: XCTestCase {
    private let file = "A.swift"

    private func edit(_ line: Int, _ column: Int, _ endColumn: Int, _ text: String) -> TextEdit {
        TextEdit(range: SourceRange(file: file, start: SourcePosition(line: line, column: column), end: SourcePosition(line: line, column: endColumn)), replacement: text)
    }

    private func apply(_ fixes: [Fix], to text: String) -> (text: String, pass: FixApplier.Pass) {
        let pass = FixApplier.apply(fixes, to: Array(text.utf8))
        return (String(decoding: pass.bytes, as: UTF8.self), pass)
    }

    func testNonOverlappingFixesApplyTogether() {
        let first = Fix(title: "a", edits: [edit(1, 5, 6, "b")])
        let second = Fix(title: "c", edits: [edit(2, 5, 6, "d")])
        let result = apply([first, second], to: "let a = 1\nlet c = 2\n")
        XCTAssertEqual(result.text, "let b = 1\nlet d = 2\n")
        XCTAssertEqual(Set(result.pass.applied), [first, second])
        XCTAssertEqual(result.pass.deferred, [])
    }

    func testAnOverlappingFixWaitsForTheNextPass() {
        let first = Fix(title: "rename", edits: [edit(1, 5, 10, "value")])
        let overlapping = Fix(title: "shorten", edits: [edit(1, 8, 12, "x")])
        let touchingInsertion = Fix(title: "insert", edits: [edit(1, 10, 10, "2")])
        let result = apply([first, overlapping, touchingInsertion], to: "let count = 1\n")
        XCTAssertEqual(result.text, "let value = 1\n")
        XCTAssertEqual(result.pass.applied, [first])
        XCTAssertEqual(result.pass.deferred, [overlapping, touchingInsertion])
    }

    /// Within one fix an insertion may touch a replacement: the insertion comes first.
    func testOneFixMayInsertWhereItReplaces() {
        let fix = Fix(title: "wrap", edits: [edit(1, 1, 7, "private"), edit(1, 1, 1, "@State ")])
        XCTAssertEqual(apply([fix], to: "public var x = 0\n").text, "@State private var x = 0\n")
        let overlapping = Fix(title: "bad", edits: [edit(1, 1, 7, "a"), edit(1, 3, 9, "b")])
        XCTAssertEqual(apply([overlapping], to: "public var x = 0\n").pass.failed, [overlapping])
    }

    func testAFixThatAddsErrorTokensFails() {
        let unterminated = Fix(title: "comment", edits: [edit(1, 1, 1, "/* ")])
        let fine = Fix(title: "rename", edits: [edit(2, 5, 6, "b")])
        // The file is left unchanged; the other fix waits for the next pass, without it.
        let result = apply([unterminated, fine], to: "let a = 1\nlet c = 2\n")
        XCTAssertEqual(result.text, "let a = 1\nlet c = 2\n")
        XCTAssertEqual(result.pass.failed, [unterminated])
        XCTAssertEqual(result.pass.applied, [])
        XCTAssertEqual(result.pass.deferred, [fine])
        XCTAssertEqual(apply([fine], to: "let a = 1\nlet c = 2\n").text, "let a = 1\nlet b = 2\n")
        // Error tokens the file already had do not stop a fix.
        XCTAssertEqual(apply([fine], to: "let a = 1\nlet c = 2 \u{1}\n").text, "let a = 1\nlet b = 2 \u{1}\n")
    }

    func testEditsOutsideTheFileFail() {
        let fix = Fix(title: "far", edits: [edit(9, 1, 2, "z")])
        XCTAssertEqual(apply([fix], to: "let a = 1\n").pass.failed, [fix])
        let pastTheLine = Fix(title: "long", edits: [edit(1, 1, 40, "z")])
        XCTAssertEqual(apply([pastTheLine], to: "let a = 1\nlet b = 2\n").pass.failed, [pastTheLine])
    }

    // MARK: Passes

    private func session(_ code: String, rules: [any Rule], unsafe: Bool = false, passes: Int = 3) -> (text: String, result: FixSession.Result) {
        let result = FixSession.run(
            [SourceInput(path: file, bytes: Array(code.utf8))], options: LintOptions(rules: rules, jobs: 1), includeUnsafe: unsafe,
            maximumPasses: passes)
        return (String(decoding: result.inputs[0].bytes, as: UTF8.self), result)
    }

    func testConflictingFixesApplyInLaterPassesUpToTheBound() {
        let two = session("let v = (x, x)\n", rules: [RenameX()])
        XCTAssertEqual(two.text, "/*y*//*y*/let v = (y, y)\n")
        XCTAssertEqual(two.result.appliedCount, 2)
        XCTAssertEqual(two.result.originals, [file: Array("let v = (x, x)\n".utf8)])
        // Four conflicting fixes, three passes: one `x` is left for the next run.
        let four = session("let v = (x, x, x, x)\n", rules: [RenameX()])
        XCTAssertEqual(four.result.appliedCount, 3)
        XCTAssertEqual(four.text.components(separatedBy: "x").count - 1, 1)
    }

    func testUnsafeFixesNeedTheirFlag() {
        XCTAssertEqual(session("let v = x\n", rules: [UnsafeRenameX()]).result.appliedCount, 0)
        XCTAssertEqual(session("let v = x\n", rules: [UnsafeRenameX()], unsafe: true).text, "let v = y\n")
    }

    func testSuppressedAndKeptOutDiagnosticsAreNotFixed() {
        let code = "// observation-lint:disable:next unsafe_rename_x\nlet v = x\nlet w = x\n"
        XCTAssertEqual(session(code, rules: [UnsafeRenameX()], unsafe: true).text, code.replacingOccurrences(of: "w = x", with: "w = y"))
        // What the caller keeps out (a baseline) stays as it is.
        let result = FixSession.run(
            [SourceInput(path: file, bytes: Array("let v = x\n".utf8))], options: LintOptions(rules: [UnsafeRenameX()], jobs: 1),
            includeUnsafe: true, keep: { _, _ in [] })
        XCTAssertEqual(result.appliedCount, 0)
        XCTAssertEqual(result.originals, [:])
    }

    // MARK: Writing

    func testRewriteKeepsPermissionsAndReplacesAtomically() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try folder.write("A.swift", "let x = 1\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        XCTAssertNil(FileRewriter.replace(path, displayPath: "A.swift", expecting: Array("let x = 1\n".utf8), with: Array("let y = 1\n".utf8)))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "let y = 1\n")
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        XCTAssertEqual(permissions, 0o640)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["A.swift"], "no temporary file left")
    }

    func testRewriteThroughASymlinkKeepsTheLink() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let target = try folder.write("Real.swift", "let x = 1\n")
        try folder.symlink("Link.swift", to: target)
        XCTAssertNil(FileRewriter.replace(folder.url("Link.swift"), displayPath: "Link.swift", expecting: Array("let x = 1\n".utf8), with: Array("let y = 1\n".utf8)))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: folder.url("Link.swift")), target)
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "let y = 1\n")
    }

    func testAFileChangedOnDiskIsLeftAlone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try folder.write("A.swift", "let x = 2\n")
        let error = FileRewriter.replace(path, displayPath: "A.swift", expecting: Array("let x = 1\n".utf8), with: Array("let y = 1\n".utf8))
        XCTAssertEqual(error?.file, "A.swift")
        XCTAssertTrue(error?.message.contains("changed on disk") == true, error?.message ?? "")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "let x = 2\n")
    }

    // MARK: Diff

    func testUnifiedDiff() {
        let old = (1...10).map { "line \($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "line 2\n", with: "line two\n").replacingOccurrences(of: "line 9\n", with: "line 9\nline 9½\n")
        XCTAssertEqual(
            UnifiedDiff.make(path: "Sources/A.swift", old: Array(old.utf8), new: Array(new.utf8)),
            """
            --- a/Sources/A.swift
            +++ b/Sources/A.swift
            @@ -1,5 +1,5 @@
             line 1
            -line 2
            +line two
             line 3
             line 4
             line 5
            @@ -7,4 +7,5 @@
             line 7
             line 8
             line 9
            +line 9½
             line 10

            """)
        XCTAssertEqual(UnifiedDiff.make(path: "A.swift", old: Array(old.utf8), new: Array(old.utf8)), "")
        XCTAssertEqual(
            UnifiedDiff.make(path: "A.swift", old: Array("a\nb".utf8), new: Array("a\nc".utf8)),
            "--- a/A.swift\n+++ b/A.swift\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n")
    }

    /// The diff applies with `patch` and gives the fixed text.
    func testUnifiedDiffAppliesWithPatch() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/patch"), "no /usr/bin/patch")
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let old = (1...30).map { "let v\($0) = \($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "let v3 ", with: "var v3 ").replacingOccurrences(of: "let v20 = 20\n", with: "")
            .replacingOccurrences(of: "let v29 ", with: "private let v29 ")
        try folder.write("A.swift", old)
        try folder.write("fix.diff", UnifiedDiff.make(path: "A.swift", old: Array(old.utf8), new: Array(new.utf8)))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/patch")
        process.arguments = ["-s", "-p1", "-i", "fix.diff"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(try String(contentsOfFile: folder.url("A.swift"), encoding: .utf8), new)
    }
}
