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
        var text = Substring(text)
        // Attributes and ownership words do not change what is held.
        while text.hasPrefix("@") {
            let end = text.firstIndex(of: " ") ?? text.endIndex
            text = text[end...].drop { $0 == " " }
        }
        for prefix in ["inout ", "borrowing ", "consuming ", "sending "] where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
        }
        self = Self.parse(text)
    }

    private static func parse(_ text: Substring) -> TypeShape {
        guard !text.isEmpty else { return .other }
        if text.hasPrefix("some ") || text.hasPrefix("any ") { return .other }
        if text.last == "?" || text.last == "!" { return .optional(parse(text.dropLast())) }
        if text.first == "[", text.last == "]", closes(text) {
            let inner = text.dropFirst().dropLast()
            if let colon = topLevelIndex(of: ":", in: inner) {
                return .dictionary(key: parse(inner[..<colon]), value: parse(inner[inner.index(after: colon)...]))
            }
            return .array(parse(inner))
        }
        if text.first == "(" { return .other }
        // A named type, possibly generic: `Foo`, `Foo.Bar`, `Foo<A, B>`.
        var name = text
        var arguments: [TypeShape] = []
        if let open = text.firstIndex(of: "<") {
            guard text.last == ">" else { return .other }
            name = text[..<open]
            let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
            arguments = splitTopLevel(inner).map(parse)
        }
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "`" }) else {
            return .other
        }
        let plain = String(name.filter { $0 != "`" })
        switch (plain, arguments.count) {
        case ("Optional", 1), ("Swift.Optional", 1): return .optional(arguments[0])
        case ("Array", 1), ("Swift.Array", 1): return .array(arguments[0])
        case ("Set", 1), ("Swift.Set", 1): return .set(arguments[0])
        case ("Dictionary", 2), ("Swift.Dictionary", 2): return .dictionary(key: arguments[0], value: arguments[1])
        default: return .named(plain, arguments)
        }
    }

    /// Whether the bracket opening `text` closes at its last character.
    private static func closes(_ text: Substring) -> Bool {
        var depth = 0
        for (offset, character) in text.enumerated() {
            if "[(<".contains(character) { depth += 1 }
            if "])>".contains(character) { depth -= 1 }
            if depth == 0 { return offset == text.count - 1 }
        }
        return false
    }

    private static func topLevelIndex(of target: Character, in text: Substring) -> Substring.Index? {
        var depth = 0
        for index in text.indices {
            let character = text[index]
            if "[(<".contains(character) { depth += 1 }
            if "])>".contains(character) { depth -= 1 }
            if depth == 0, character == target { return index }
        }
        return nil
    }

    private static func splitTopLevel(_ text: Substring) -> [Substring] {
        var parts: [Substring] = []
        var rest = text
        while let comma = topLevelIndex(of: ",", in: rest) {
            parts.append(rest[..<comma])
            rest = rest[rest.index(after: comma)...]
        }
        parts.append(rest)
        return parts
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
