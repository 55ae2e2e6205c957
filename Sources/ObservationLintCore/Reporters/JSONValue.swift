/// A JSON value whose objects keep their keys in the order written, so that output is
/// deterministic and reads in a logical order (the SPEC's), not alphabetically.
public indirect enum JSONValue: Sendable, Equatable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    /// Pretty-printed with two-space indentation; empty arrays and objects as `[]`, `{}`.
    public func serialized() -> String {
        var output = ""
        write(to: &output, indent: 0)
        return output
    }

    private func write(to output: inout String, indent: Int) {
        switch self {
        case .string(let string): Self.writeString(string, to: &output)
        case .int(let number): output += String(number)
        case .bool(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        case .array(let elements):
            if elements.isEmpty {
                output += "[]"
                return
            }
            output += "[\n"
            for (index, element) in elements.enumerated() {
                Self.writeIndent(indent + 2, to: &output)
                element.write(to: &output, indent: indent + 2)
                output += index == elements.count - 1 ? "\n" : ",\n"
            }
            Self.writeIndent(indent, to: &output)
            output += "]"
        case .object(let members):
            if members.isEmpty {
                output += "{}"
                return
            }
            output += "{\n"
            for (index, (key, value)) in members.enumerated() {
                Self.writeIndent(indent + 2, to: &output)
                Self.writeString(key, to: &output)
                output += ": "
                value.write(to: &output, indent: indent + 2)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            Self.writeIndent(indent, to: &output)
            output += "}"
        }
    }

    private static let spaces = String(repeating: " ", count: 64)

    private static func writeIndent(_ count: Int, to output: inout String) {
        var remaining = count
        while remaining > 0 {
            let chunk = min(remaining, 64)
            output.append(contentsOf: spaces.prefix(chunk))
            remaining -= chunk
        }
    }

    /// RFC 8259 string escaping; non-ASCII text stays UTF-8, except U+2028/U+2029 (escaped
    /// so the output is also valid JavaScript). Runs of text that need no escape are
    /// copied whole.
    static func writeString(_ string: String, to output: inout String) {
        output += "\""
        var string = string
        string.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                var escape: String?
                var length = 1
                switch byte {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case UInt8(ascii: "\n"): escape = "\\n"
                case UInt8(ascii: "\r"): escape = "\\r"
                case UInt8(ascii: "\t"): escape = "\\t"
                case 0x08: escape = "\\b"
                case 0x0C: escape = "\\f"
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    escape = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    length = 3
                default:
                    if byte < 0x20 || byte == 0x7F {
                        let hex = String(byte, radix: 16)
                        escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    }
                }
                guard let escape else {
                    index += 1
                    continue
                }
                if index > runStart {
                    output += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self)
                }
                output += escape
                index += length
                runStart = index
            }
            if bytes.count > runStart {
                output += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart...]), as: UTF8.self)
            }
        }
        output += "\""
    }
}
