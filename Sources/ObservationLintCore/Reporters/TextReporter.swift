import ObservationSyntax

/// `--format text` (the default), in the compiler's shape:
///
/// ```
/// Sources/App/Counter.swift:12:5: warning: message [rule_id]
///     @State var model: Model
///     ^~~~~~~~~~~~~~~~~~~~~~~
/// Sources/App/Counter.swift:3:9: note: note message
/// help: what to write instead (docs/rules/rule_id.md)
/// ```
/// The source line is quoted when the file's bytes are available; the caret marks the start
/// and tildes the rest of the range (to the end of the line for a range spanning lines).
/// `help:` is the diagnostic's help, or else its first fix's title, followed by the rule's page
/// (`help: Mark it @Published (docs/rules/missing_published.md)`, or `help: see
/// docs/rules/ID.md` without a help) for rules of the catalog. ANSI colour only when
/// `useColor`. After the diagnostics, a blank line and the count per rule (`--statistics`).
public struct TextReporter: Reporter {
    public static let name = "text"
    public static let printsSummary = true

    public init() {}

    public func report(_ input: ReportInput) -> String {
        var output = ""
        var cache: [String: SourceText] = [:]
        let style = Style(enabled: input.useColor)
        func source(_ file: String) -> SourceText? {
            if let cached = cache[file] { return cached }
            guard let bytes = input.sources[file] else { return nil }
            let text = SourceText(bytes: bytes)
            cache[file] = text
            return text
        }

        let documented = Set(input.rules.map(\.id))
        for diagnostic in input.diagnostics {
            let range = diagnostic.range
            let severity = diagnostic.severity == .error ? style.error("error:") : style.warning("warning:")
            output += style.bold("\(range.file):\(range.start.line):\(range.start.column):") + " \(severity) "
            output += style.bold(diagnostic.message) + " " + style.dim("[\(diagnostic.ruleID)]") + "\n"
            if let text = source(range.file), range.start.line >= 1, range.start.line <= text.lineCount {
                let line = text.lineText(range.start.line)
                let endColumn = range.end.line == range.start.line ? range.end.column : nil
                output += line + "\n"
                output += style.caret(Self.caretLine(line: line, startColumn: range.start.column, endColumn: endColumn)) + "\n"
            }
            for note in diagnostic.notes {
                output += style.bold("\(note.range.file):\(note.range.start.line):\(note.range.start.column):")
                output += " " + style.note("note:") + " \(note.message)\n"
            }
            if let help = Self.helpLine(diagnostic, documented: documented.contains(diagnostic.ruleID)) {
                output += style.note("help:") + " \(help)\n"
            }
        }
        if !input.diagnostics.isEmpty { output += "\n" + RuleStatistics.text(RuleStatistics.counts(input)) }
        return output
    }

    /// The text after `help:`: the help, then the rule's page when it has one.
    static func helpLine(_ diagnostic: Diagnostic, documented: Bool) -> String? {
        let help = diagnostic.displayedHelp
        guard documented else { return help }
        let page = RuleDocumentation.path(diagnostic.ruleID)
        return help.map { "\($0) (\(page))" } ?? "see \(page)"
    }

    /// The marker line under a source line: whitespace up to the start column (tabs kept so
    /// that it lines up), `^`, then `~` up to the exclusive end column (or the line's end when
    /// `endColumn` is nil). Columns are 1-based UTF-8 byte offsets; wide characters take two
    /// cells.
    public static func caretLine(line: String, startColumn: Int, endColumn: Int?) -> String {
        let bytes = Array(line.utf8)
        let start = min(max(startColumn - 1, 0), bytes.count)
        let end = min(max((endColumn ?? (bytes.count + 1)) - 1, start), bytes.count)
        var marker = ""
        for scalar in String(decoding: bytes[0..<start], as: UTF8.self).unicodeScalars {
            if scalar == "\t" {
                marker += "\t"
            } else {
                marker += String(repeating: " ", count: width(of: scalar))
            }
        }
        let covered = String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars.reduce(0) {
            $0 + ($1 == "\t" ? 1 : width(of: $1))
        }
        marker += "^" + String(repeating: "~", count: max(covered - 1, 0))
        return marker
    }

    /// Terminal cells a scalar takes: 0 for combining marks and zero-width joiners, 2 for
    /// East Asian wide characters and emoji, 1 otherwise.
    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        switch value {
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F, 0x20D0...0x20FF: return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD:
            return 2
        default: return 1
        }
    }

    /// ANSI styles, or plain text when disabled.
    struct Style {
        var enabled: Bool

        private func wrap(_ text: String, _ code: String) -> String {
            enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
        }

        func bold(_ text: String) -> String { wrap(text, "1") }
        func dim(_ text: String) -> String { wrap(text, "2") }
        func warning(_ text: String) -> String { wrap(text, "1;33") }
        func error(_ text: String) -> String { wrap(text, "1;31") }
        func note(_ text: String) -> String { wrap(text, "1;36") }
        func caret(_ text: String) -> String { wrap(text, "1;32") }
    }
}
