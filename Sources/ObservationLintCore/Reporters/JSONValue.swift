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
                output += String(repeating: " ", count: indent + 2)
                element.write(to: &output, indent: indent + 2)
                output += index == elements.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "]"
        case .object(let members):
            if members.isEmpty {
                output += "{}"
                return
            }
            output += "{\n"
            for (index, (key, value)) in members.enumerated() {
                output += String(repeating: " ", count: indent + 2)
                Self.writeString(key, to: &output)
                output += ": "
                value.write(to: &output, indent: indent + 2)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "}"
        }
    }

    /// RFC 8259 string escaping; non-ASCII text stays UTF-8, except U+2028/U+2029 (escaped
    /// so the output is also valid JavaScript).
    static func writeString(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{2028}": output += "\\u2028"
            case "\u{2029}": output += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
