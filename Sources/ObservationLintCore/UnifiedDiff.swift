/// A unified diff of one file's text (`--diff`), as `diff -u` and `git apply` read it:
/// `--- a/PATH`, `+++ b/PATH`, hunks with three lines of context.
public enum UnifiedDiff {
    public static let contextLines = 3

    /// Empty when the texts are equal.
    public static func make(path: String, old: [UInt8], new: [UInt8]) -> String {
        let oldLines = lines(old)
        let newLines = lines(new)
        let script = editScript(oldLines, newLines)
        guard script.contains(where: { $0.kind != .same }) else { return "" }
        var output = "--- a/\(path)\n+++ b/\(path)\n"
        for hunk in hunks(script) {
            let slice = script[hunk]
            let oldCount = slice.count { $0.kind != .added }
            let newCount = slice.count { $0.kind != .removed }
            let oldStart = slice.first!.oldLine + (oldCount == 0 ? 0 : 1)
            let newStart = slice.first!.newLine + (newCount == 0 ? 0 : 1)
            output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for line in slice {
                let text = line.kind == .added ? newLines[line.newLine] : oldLines[line.oldLine]
                output += (line.kind == .same ? " " : line.kind == .added ? "+" : "-") + text.text
                output += text.hasNewline ? "\n" : "\n\\ No newline at end of file\n"
            }
        }
        return output
    }

    private struct Line: Equatable {
        var text: String
        var hasNewline: Bool
    }

    private enum Kind { case same, removed, added }

    /// One line of the edit script, with the 0-based line it is (or would be) in each text.
    private struct Step {
        var kind: Kind
        var oldLine: Int
        var newLine: Int
    }

    private static func lines(_ bytes: [UInt8]) -> [Line] {
        var result: [Line] = []
        var start = 0
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            result.append(Line(text: String(decoding: bytes[start..<offset], as: UTF8.self), hasNewline: true))
            start = offset + 1
        }
        if start < bytes.count { result.append(Line(text: String(decoding: bytes[start...], as: UTF8.self), hasNewline: false)) }
        return result
    }

    /// The common prefix and suffix, and a longest common subsequence of the lines between
    /// (fixes change a few lines, so that middle is small).
    private static func editScript(_ old: [Line], _ new: [Line]) -> [Step] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        let oldMiddle = Array(old[prefix..<old.count - suffix])
        let newMiddle = Array(new[prefix..<new.count - suffix])
        var steps = (0..<prefix).map { Step(kind: .same, oldLine: $0, newLine: $0) }
        // lengths[i][j]: the longest common subsequence of oldMiddle[i...] and newMiddle[j...].
        let width = newMiddle.count + 1
        var lengths = [Int](repeating: 0, count: (oldMiddle.count + 1) * width)
        for i in stride(from: oldMiddle.count - 1, through: 0, by: -1) {
            for j in stride(from: newMiddle.count - 1, through: 0, by: -1) {
                lengths[i * width + j] = oldMiddle[i] == newMiddle[j]
                    ? lengths[(i + 1) * width + j + 1] + 1 : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var i = 0
        var j = 0
        while i < oldMiddle.count || j < newMiddle.count {
            if i < oldMiddle.count, j < newMiddle.count, oldMiddle[i] == newMiddle[j] {
                steps.append(Step(kind: .same, oldLine: prefix + i, newLine: prefix + j))
                i += 1
                j += 1
            } else if j == newMiddle.count || (i < oldMiddle.count && lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]) {
                steps.append(Step(kind: .removed, oldLine: prefix + i, newLine: prefix + j))
                i += 1
            } else {
                steps.append(Step(kind: .added, oldLine: prefix + i, newLine: prefix + j))
                j += 1
            }
        }
        for offset in 0..<suffix {
            steps.append(Step(kind: .same, oldLine: old.count - suffix + offset, newLine: new.count - suffix + offset))
        }
        return steps
    }

    /// Ranges of the script to print: each change with its context, merged where they meet.
    private static func hunks(_ script: [Step]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for (index, step) in script.enumerated() where step.kind != .same {
            let range = max(0, index - contextLines)..<min(script.count, index + contextLines + 1)
            if let last = result.last, last.upperBound >= range.lowerBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }
}
