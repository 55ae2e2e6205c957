/// The structure of a type as written (`Model?`, `[String: Model]`, `Outer.Inner<T>`), from
/// a `TypeRef`'s normalized text. Enough to see what a property holds.
public indirect enum TypeShape: Sendable, Hashable {
    /// A named type, qualified as written (`Outer.Inner`), with its generic arguments.
    case named(String, [TypeShape])
    case optional(TypeShape)
    case array(TypeShape)
    case dictionary(key: TypeShape, value: TypeShape)
    case set(TypeShape)
    /// Tuples, functions, compositions, `some`/`any` existentials and anything else.
    case other

    public init(_ text: String) {
        var text = text
        self = text.withUTF8 { bytes in
            var start = 0
            let end = bytes.count
            // Attributes and ownership words do not change what is held.
            while start < end, bytes[start] == UInt8(ascii: "@") {
                while start < end, bytes[start] != UInt8(ascii: " ") { start += 1 }
                while start < end, bytes[start] == UInt8(ascii: " ") { start += 1 }
            }
            for prefix: StaticString in ["inout ", "borrowing ", "consuming ", "sending "]
            where Self.hasPrefix(prefix, bytes, start, end) {
                start += prefix.utf8CodeUnitCount
            }
            return Self.parse(bytes, start, end)
        }
    }

    // The parser works on the UTF-8 bytes of the text: every character it looks for is
    // ASCII, so byte positions stand for character positions.

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> TypeShape {
        guard start < end else { return .other }
        if hasPrefix("some ", bytes, start, end) || hasPrefix("any ", bytes, start, end) { return .other }
        let first = bytes[start]
        let last = bytes[end - 1]
        if last == UInt8(ascii: "?") || last == UInt8(ascii: "!") { return .optional(parse(bytes, start, end - 1)) }
        if first == UInt8(ascii: "["), last == UInt8(ascii: "]"), closes(bytes, start, end) {
            if let colon = topLevelIndex(of: UInt8(ascii: ":"), in: bytes, start + 1, end - 1) {
                return .dictionary(key: parse(bytes, start + 1, colon), value: parse(bytes, colon + 1, end - 1))
            }
            return .array(parse(bytes, start + 1, end - 1))
        }
        if first == UInt8(ascii: "(") { return .other }
        // A named type, possibly generic: `Foo`, `Foo.Bar`, `Foo<A, B>`.
        var nameEnd = end
        var arguments: [TypeShape] = []
        if let open = firstIndex(of: UInt8(ascii: "<"), in: bytes, start, end) {
            guard last == UInt8(ascii: ">") else { return .other }
            nameEnd = open
            var partStart = open + 1
            while let comma = topLevelIndex(of: UInt8(ascii: ","), in: bytes, partStart, end - 1) {
                arguments.append(parse(bytes, partStart, comma))
                partStart = comma + 1
            }
            arguments.append(parse(bytes, partStart, end - 1))
        }
        guard isName(bytes, start, nameEnd) else { return .other }
        var plain = ""
        var index = start
        while index < nameEnd {
            var runEnd = index
            while runEnd < nameEnd, bytes[runEnd] != UInt8(ascii: "`") { runEnd += 1 }
            plain += String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<runEnd]), as: UTF8.self)
            index = runEnd + 1
        }
        switch (plain, arguments.count) {
        case ("Optional", 1), ("Swift.Optional", 1): return .optional(arguments[0])
        case ("Array", 1), ("Swift.Array", 1): return .array(arguments[0])
        case ("Set", 1), ("Swift.Set", 1): return .set(arguments[0])
        case ("Dictionary", 2), ("Swift.Dictionary", 2): return .dictionary(key: arguments[0], value: arguments[1])
        default: return .named(plain, arguments)
        }
    }

    /// Letters, digits, `_`, `.` and backticks only (any Unicode letter or number).
    private static func isName(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        for index in start..<end {
            let byte = bytes[index]
            if byte >= 0x80 {
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self).allSatisfy {
                    $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "`"
                }
            }
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "`"):
                continue
            default:
                return false
            }
        }
        return true
    }

    private static func hasPrefix(_ prefix: StaticString, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard end - start >= count else { return false }
        let expected = prefix.utf8Start
        for offset in 0..<count where bytes[start + offset] != expected[offset] { return false }
        return true
    }

    private static func firstIndex(of target: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        var index = start
        while index < end {
            if bytes[index] == target { return index }
            index += 1
        }
        return nil
    }

    private static func depthChange(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "["), UInt8(ascii: "("), UInt8(ascii: "<"): 1
        case UInt8(ascii: "]"), UInt8(ascii: ")"), UInt8(ascii: ">"): -1
        default: 0
        }
    }

    /// Whether the bracket opening the text closes at its last character.
    private static func closes(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var depth = 0
        for index in start..<end {
            depth += depthChange(bytes[index])
            if depth == 0 { return index == end - 1 }
        }
        return false
    }

    private static func topLevelIndex(of target: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        var depth = 0
        var index = start
        while index < end {
            let byte = bytes[index]
            depth += depthChange(byte)
            if depth == 0, byte == target { return index }
            index += 1
        }
        return nil
    }

    /// The named type itself, or the one an optional holds: `T`, `T?`.
    public var directName: String? {
        switch self {
        case .named(let name, _): name
        case .optional(let wrapped): wrapped.directName
        default: nil
        }
    }

    /// The named type a property holds directly or in a collection: `T`, `T?`, `[T]`,
    /// `[K: T]`, `Set<T>`, and optionals of those.
    public var heldName: String? {
        switch self {
        case .named(let name, _): name
        case .optional(let wrapped), .array(let wrapped), .set(let wrapped): wrapped.heldName
        case .dictionary(_, let value): value.heldName
        case .other: nil
        }
    }

    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }
}
