import Foundation
import Testing

/// The README's "What it finds" examples, run as written: each block whose first line is
/// `// Sources/NAME.swift` is that file, linted alone, and must print exactly the diagnostic
/// block that follows it (the per-rule statistics after it left out), so the README cannot
/// drift from the tool.
@Suite struct ReadmeExamplesTests {
    struct Example {
        let path: String
        let code: String
        let printed: String
    }

    /// Each Swift block that starts with `// Sources/….swift`, with the plain block after it.
    static func examples() throws -> [Example] {
        let blocks = try RecipeTests.readme().components(separatedBy: "```")
        var result: [Example] = []
        // Odd pieces are inside fences: "swift\n…", "\n…" (plain), "diff\n…".
        for index in stride(from: 1, to: blocks.count - 2, by: 2) where blocks[index].hasPrefix("swift\n// Sources/") {
            // The first line names the file; the file is what follows it.
            let block = blocks[index].dropFirst("swift\n".count)
            let path = String(block.prefix { $0 != "\n" }.dropFirst("// ".count))
            let code = String(block.drop { $0 != "\n" }.dropFirst())
            let printed = blocks[index + 2]
            guard printed.hasPrefix("\n") else { continue }
            result.append(Example(path: path, code: code, printed: String(printed.dropFirst())))
        }
        return result
    }

    @Test func examplesPrintWhatTheReadmeShows() throws {
        let examples = try Self.examples()
        #expect(examples.count == 3, "the README shows three examples")
        for example in examples {
            let project = try Project([example.path: example.code])
            defer { project.remove() }
            let result = try project.run(example.path, "--no-color", "--quiet")
            let diagnostics = result.stdout.components(separatedBy: "\n\n").first ?? ""
            #expect(
                diagnostics + "\n" == example.printed,
                "README.md shows for \(example.path):\n\(example.printed)\nthe tool prints:\n\(diagnostics)")
        }
    }
}
