import ObservationSyntax

/// The sources of a report, line tables built once per file: line texts (for fingerprints) and
/// column conversions (SARIF counts UTF-16 code units, our positions count UTF-8 bytes).
struct SourceLines {
    private let sources: [String: [UInt8]]
    private var cache: [String: SourceText] = [:]

    init(_ sources: [String: [UInt8]]) {
        self.sources = sources
    }

    mutating func text(of file: String) -> SourceText? {
        if let cached = cache[file] { return cached }
        guard let bytes = sources[file] else { return nil }
        let text = SourceText(bytes: bytes)
        cache[file] = text
        return text
    }

    /// The text of a 1-based line without its line break; nil when the file's text is not
    /// available or the line does not exist.
    mutating func line(_ line: Int, in file: String) -> String? {
        guard let text = text(of: file), line >= 1, line <= text.lineCount else { return nil }
        return text.lineText(line)
    }

    /// A 1-based UTF-8 byte column converted to a 1-based UTF-16 code unit column on the same
    /// line. Bytes past the line's end (the line break, or beyond) count one unit each. Without
    /// the file's text the column is returned unchanged (exact for ASCII lines).
    mutating func utf16Column(file: String, line: Int, byteColumn: Int) -> Int {
        guard byteColumn > 1, let text = text(of: file), line >= 1, line <= text.lineCount else {
            return max(byteColumn, 1)
        }
        let start = text.lineStart(line)
        var end = line < text.lineCount ? text.lineStart(line + 1) : text.bytes.count
        while end > start, text.bytes[end - 1] == UInt8(ascii: "\n") || text.bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        let before = byteColumn - 1
        let inLine = min(before, end - start)
        let units = String(decoding: text.bytes[start..<(start + inLine)], as: UTF8.self).utf16.count
        return units + (before - inLine) + 1
    }
}
