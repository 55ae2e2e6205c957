/// A JSON value whose objects keep their keys in the order written, so that output is
/// deterministic and reads in a logical order (the SPEC's), not alphabetically.
public indirect enum JSONValue: Sendable, Equatable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    /// An array whose elements are made one at a time as they are written, so that a long
    /// list (a report's diagnostics) never exists as a tree.
    case generatedArray(count: Int, element: @Sendable (Int) -> JSONValue)
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    /// Pretty-printed with two-space indentation; empty arrays and objects as `[]`, `{}`.
    public func serialized() -> String {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(to: &output, indent: 0)
        return String(decoding: output, as: UTF8.self)
    }

    // The text is built as UTF-8 bytes and made a `String` once.

    private func write(to output: inout [UInt8], indent: Int) {
        switch self {
        case .string(let string): Self.writeString(string, to: &output)
        case .int(let number): Self.append(String(number), to: &output)
        case .bool(let flag): Self.append(flag ? "true" : "false", to: &output)
        case .null: Self.append("null", to: &output)
        case .array(let elements):
            Self.writeArray(count: elements.count, element: { elements[$0] }, to: &output, indent: indent)
        case .generatedArray(let count, let element):
            Self.writeArray(count: count, element: element, to: &output, indent: indent)
        case .object(let members):
            if members.isEmpty {
                Self.append("{}", to: &output)
                return
            }
            output.append(UInt8(ascii: "{"))
            output.append(UInt8(ascii: "\n"))
            for index in members.indices {
                Self.writeIndent(indent + 2, to: &output)
                Self.writeString(members[index].0, to: &output)
                output.append(UInt8(ascii: ":"))
                output.append(UInt8(ascii: " "))
                members[index].1.write(to: &output, indent: indent + 2)
                if index != members.count - 1 { output.append(UInt8(ascii: ",")) }
                output.append(UInt8(ascii: "\n"))
            }
            Self.writeIndent(indent, to: &output)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func writeArray(
        count: Int, element: (Int) -> JSONValue, to output: inout [UInt8], indent: Int
    ) {
        if count == 0 {
            append("[]", to: &output)
            return
        }
        output.append(UInt8(ascii: "["))
        output.append(UInt8(ascii: "\n"))
        for index in 0..<count {
            writeIndent(indent + 2, to: &output)
            element(index).write(to: &output, indent: indent + 2)
            if index != count - 1 { output.append(UInt8(ascii: ",")) }
            output.append(UInt8(ascii: "\n"))
        }
        writeIndent(indent, to: &output)
        output.append(UInt8(ascii: "]"))
    }

    private static func append(_ text: String, to output: inout [UInt8]) {
        output.append(contentsOf: text.utf8)
    }

    private static func writeIndent(_ count: Int, to output: inout [UInt8]) {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }

    /// RFC 8259 string escaping; non-ASCII text stays UTF-8, except U+2028/U+2029 (escaped
    /// so the output is also valid JavaScript).
    static func writeString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            // Runs of bytes that need no escape are copied whole.
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F || byte == 0xE2
                else {
                    index += 1
                    continue
                }
                if byte == 0xE2, !(index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)) {
                    index += 1
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                switch byte {
                case UInt8(ascii: "\""): append("\\\"", to: &output)
                case UInt8(ascii: "\\"): append("\\\\", to: &output)
                case UInt8(ascii: "\n"): append("\\n", to: &output)
                case UInt8(ascii: "\r"): append("\\r", to: &output)
                case UInt8(ascii: "\t"): append("\\t", to: &output)
                case 0x08: append("\\b", to: &output)
                case 0x0C: append("\\f", to: &output)
                case 0xE2:
                    append(bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029", to: &output)
                    index += 2
                default:
                    let hex = String(byte, radix: 16)
                    append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex, to: &output)
                }
                index += 1
                runStart = index
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        output.append(UInt8(ascii: "\""))
    }
}
