/// Escaping for the XML formats (checkstyle, junit), XML 1.0.
public enum XMLEscaping {
    /// Character data: `&`, `<`, `>` as entities, CR as `&#13;` (a parser would turn a raw CR
    /// into LF); characters XML 1.0 forbids (C0 controls other than tab, LF and CR; U+FFFE,
    /// U+FFFF) become U+FFFD, because not even a character reference may name them.
    public static func text(_ string: String) -> String {
        escape(string, attribute: false)
    }

    /// An attribute value in double quotes: as `text`, plus `"` and `'`, and tab, LF and CR as
    /// character references (attribute-value normalization would turn them into spaces).
    public static func attribute(_ string: String) -> String {
        escape(string, attribute: true)
    }

    /// Whether XML 1.0 allows the character at all.
    public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    private static func escape(_ string: String, attribute: Bool) -> String {
        var output = ""
        output.reserveCapacity(string.utf8.count)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\r": output += "&#13;"
            case "\"" where attribute: output += "&quot;"
            case "'" where attribute: output += "&apos;"
            case "\n" where attribute: output += "&#10;"
            case "\t" where attribute: output += "&#9;"
            default:
                if isAllowed(scalar) {
                    output.unicodeScalars.append(scalar)
                } else {
                    output += "\u{FFFD}"
                }
            }
        }
        return output
    }

    /// `name="value" …` with escaped values.
    static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { "\($0.0)=\"\(attribute($0.1))\"" }.joined(separator: " ")
    }

    static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
}
