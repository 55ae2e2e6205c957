// Character classes and keyword recognition for the tokenizer. The classes follow the
// Swift language reference (identifier and operator characters), as swift-syntax's lexer
// implements them, so that both agree on where a token ends.

/// Marks a byte sequence that is not valid UTF-8.
let invalidScalar: UInt32 = 0xFFFF_FFFF

extension UInt8 {
    @inline(__always) var isASCIIIdentifierStart: Bool {
        (self >= 0x61 && self <= 0x7A) || (self >= 0x41 && self <= 0x5A) || self == 0x5F
    }

    @inline(__always) var isASCIIIdentifierContinue: Bool {
        isASCIIIdentifierStart || (self >= 0x30 && self <= 0x39) || self == 0x24
    }

    @inline(__always) var isDecimalDigit: Bool { self >= 0x30 && self <= 0x39 }

    @inline(__always) var isHexDigit: Bool {
        (self >= 0x30 && self <= 0x39) || (self >= 0x61 && self <= 0x66) || (self >= 0x41 && self <= 0x46)
    }

    @inline(__always) var isASCIILetter: Bool {
        (self >= 0x61 && self <= 0x7A) || (self >= 0x41 && self <= 0x5A)
    }

    /// ASCII characters that can start (and continue) an operator.
    @inline(__always) var isASCIIOperatorCharacter: Bool {
        switch self {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"),
            UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"),
            UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
            UInt8(ascii: "~"), UInt8(ascii: "."), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }

    /// Whether the byte starts a UTF-8 sequence (RFC 3629 excludes C0, C1, F5...FF).
    @inline(__always) var isUTF8Start: Bool { self < 0x80 || (self >= 0xC2 && self < 0xF5) }
}

enum CharacterClass {
    static func isIdentifierContinuation(_ c: UInt32) -> Bool {
        if c < 0x80 { return UInt8(c).isASCIIIdentifierContinue }
        if c == invalidScalar { return false }
        switch c {
        case 0x00A8, 0x00AA, 0x00AD, 0x00AF, 0x00B2...0x00B5, 0x00B7...0x00BA,
            0x00BC...0x00BE, 0x00C0...0x00D6, 0x00D8...0x00F6, 0x00F8...0x00FF,
            0x0100...0x167F, 0x1681...0x180D, 0x180F...0x1FFF,
            0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054, 0x2060...0x206F,
            0x2070...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF,
            0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF,
            0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE44, 0xFE47...0xFFF8:
            return true
        case 0x10000...0xEFFFD:
            // Every plane from 1 to 14, except the last two code points of each.
            return (c & 0xFFFF) <= 0xFFFD
        default:
            return false
        }
    }

    static func isIdentifierStart(_ c: UInt32) -> Bool {
        if c < 0x80 { return UInt8(c).isASCIIIdentifierStart }
        guard isIdentifierContinuation(c) else { return false }
        switch c {
        case 0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F:
            return false
        default:
            return true
        }
    }

    static func isOperatorStart(_ c: UInt32) -> Bool {
        if c < 0x80 { return UInt8(c).isASCIIOperatorCharacter }
        switch c {
        case 0x00A1...0x00A7, 0x00A9, 0x00AB, 0x00AC, 0x00AE, 0x00B0, 0x00B1, 0x00B6, 0x00BB,
            0x00BF, 0x00D7, 0x00F7, 0x2016, 0x2017, 0x2020...0x2027, 0x2030...0x203E,
            0x2041...0x2053, 0x2055...0x205E, 0x2190...0x23FF, 0x2500...0x2775,
            0x2794...0x2BFF, 0x2E00...0x2E7F, 0x3001...0x3003, 0x3008...0x3030:
            return true
        default:
            return false
        }
    }

    static func isOperatorContinuation(_ c: UInt32) -> Bool {
        if isOperatorStart(c) { return true }
        switch c {
        case 0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE00...0xFE0F,
            0xFE20...0xFE2F, 0xE0100...0xE01EF:
            return true
        default:
            return false
        }
    }
}

/// What the lexer needs to know about a reserved word (beyond its being reserved).
enum KeywordClass: UInt8 {
    /// Not a reserved word.
    case none = 0
    /// `_`.
    case wildcard
    /// `try`, after which `?`/`!` make a following `/` start a regex literal.
    case tryKeyword
    /// `func` and `operator`, after which a `/` is an operator name, never a regex.
    case funcOrOperator
    /// `true`, `false`, `nil`, `self`, `Self`, `super`, `Any`: keywords that are
    /// themselves expressions, so a `/` after them is a binary operator.
    case expression
    /// `init`, `self`, `Self` keep being keywords after a `.`; they are reported apart.
    case other
}

enum Keywords {
    /// The reserved words of Swift: swift-syntax's lexer-classified keywords.
    static let words: [(String, KeywordClass)] = [
        ("Any", .expression), ("as", .other), ("associatedtype", .other), ("break", .other),
        ("case", .other), ("catch", .other), ("class", .other), ("continue", .other),
        ("default", .other), ("defer", .other), ("deinit", .other), ("do", .other),
        ("else", .other), ("enum", .other), ("extension", .other), ("fallthrough", .other),
        ("false", .expression), ("fileprivate", .other), ("for", .other), ("func", .funcOrOperator),
        ("guard", .other), ("if", .other), ("import", .other), ("in", .other), ("init", .other),
        ("inout", .other), ("internal", .other), ("is", .other), ("let", .other),
        ("nil", .expression), ("operator", .funcOrOperator), ("precedencegroup", .other),
        ("private", .other), ("protocol", .other), ("public", .other), ("repeat", .other),
        ("rethrows", .other), ("return", .other), ("self", .expression), ("Self", .expression),
        ("static", .other), ("struct", .other), ("subscript", .other), ("super", .expression),
        ("switch", .other), ("throw", .other), ("throws", .other), ("true", .expression),
        ("try", .tryKeyword), ("typealias", .other), ("var", .other), ("where", .other),
        ("while", .other),
    ]

    struct Entry {
        var low: UInt64
        var high: UInt64
        var keywordClass: KeywordClass
    }

    /// Entries by word length (index = length, up to 15).
    static let table: [[Entry]] = {
        var table = [[Entry]](repeating: [], count: 16)
        for (word, keywordClass) in words {
            let bytes = Array(word.utf8)
            let (low, high) = pack(bytes.count) { bytes[$0] }
            table[bytes.count].append(Entry(low: low, high: high, keywordClass: keywordClass))
        }
        return table
    }()

    @inline(__always)
    static func pack(_ count: Int, _ byte: (Int) -> UInt8) -> (UInt64, UInt64) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var index = 0
        while index < count {
            if index < 8 {
                low |= UInt64(byte(index)) << UInt64(8 * index)
            } else {
                high |= UInt64(byte(index)) << UInt64(8 * (index - 8))
            }
            index += 1
        }
        return (low, high)
    }

    /// The class of the word at `start..<start+count` (ASCII only), `.none` if it is
    /// not reserved. `_` is `.wildcard`.
    @inline(__always)
    static func classify(_ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int) -> KeywordClass {
        if count == 1 {
            return base[start] == UInt8(ascii: "_") ? .wildcard : .none
        }
        guard count >= 2, count <= 15 else { return .none }
        let (low, high) = pack(count) { base[start + $0] }
        for entry in table[count] where entry.low == low && entry.high == high {
            return entry.keywordClass
        }
        return .none
    }
}
