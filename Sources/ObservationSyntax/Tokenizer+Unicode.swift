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
    /// Any other reserved word.
    case other
}

enum Keywords {
    /// The class of the word at `start..<start+count` (ASCII only), `.none` if it is
    /// not one of Swift's reserved words (swift-syntax's lexer-classified keywords).
    /// `_` is `.wildcard`. The word is packed into two little-endian integers and
    /// matched against constants: no allocation, no hashing.
    @inline(__always)
    static func classify(_ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int, bufferCount: Int)
        -> KeywordClass
    {
        if count == 1 {
            return base[start] == UInt8(ascii: "_") ? .wildcard : .none
        }
        guard count >= 2, count <= 15 else { return .none }
        var low: UInt64 = 0
        var high: UInt64 = 0
        if start + 16 <= bufferCount {
            // Two unaligned loads, masked to the word's length.
            let raw = UnsafeRawPointer(base + start)
            low = raw.loadUnaligned(as: UInt64.self)
            if count < 8 {
                low &= (1 << UInt64(8 * count)) - 1
            } else if count > 8 {
                high = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & ((1 << UInt64(8 * (count - 8))) - 1)
            }
        } else {
            var index = 0
            while index < count {
                let byte = UInt64(base[start + index])
                if index < 8 {
                    low |= byte << UInt64(8 * index)
                } else {
                    high |= byte << UInt64(8 * (index - 8))
                }
                index += 1
            }
        }
        switch count {
        case 2:
            switch low {
            case 0x7361: return .other  // as
            case 0x6F64: return .other  // do
            case 0x6669: return .other  // if
            case 0x6E69: return .other  // in
            case 0x7369: return .other  // is
            default: return .none
            }
        case 3:
            switch low {
            case 0x796E41: return .expression  // Any
            case 0x726F66: return .other  // for
            case 0x74656C: return .other  // let
            case 0x6C696E: return .expression  // nil
            case 0x797274: return .tryKeyword  // try
            case 0x726176: return .other  // var
            default: return .none
            }
        case 4:
            switch low {
            case 0x666C6553: return .expression  // Self
            case 0x65736163: return .other  // case
            case 0x65736C65: return .other  // else
            case 0x6D756E65: return .other  // enum
            case 0x636E7566: return .funcOrOperator  // func
            case 0x74696E69: return .other  // init
            case 0x666C6573: return .expression  // self
            case 0x65757274: return .expression  // true
            default: return .none
            }
        case 5:
            switch low {
            case 0x6B61657262: return .other  // break
            case 0x6863746163: return .other  // catch
            case 0x7373616C63: return .other  // class
            case 0x7265666564: return .other  // defer
            case 0x65736C6166: return .expression  // false
            case 0x6472617567: return .other  // guard
            case 0x74756F6E69: return .other  // inout
            case 0x7265707573: return .expression  // super
            case 0x776F726874: return .other  // throw
            case 0x6572656877: return .other  // where
            case 0x656C696877: return .other  // while
            default: return .none
            }
        case 6:
            switch low {
            case 0x74696E696564: return .other  // deinit
            case 0x74726F706D69: return .other  // import
            case 0x63696C627570: return .other  // public
            case 0x746165706572: return .other  // repeat
            case 0x6E7275746572: return .other  // return
            case 0x636974617473: return .other  // static
            case 0x746375727473: return .other  // struct
            case 0x686374697773: return .other  // switch
            case 0x73776F726874: return .other  // throws
            default: return .none
            }
        case 7:
            switch low {
            case 0x746C7561666564: return .other  // default
            case 0x65746176697270: return .other  // private
            default: return .none
            }
        case 8:
            switch low {
            case 0x65756E69746E6F63: return .other  // continue
            case 0x6C616E7265746E69: return .other  // internal
            case 0x726F74617265706F: return .funcOrOperator  // operator
            case 0x6C6F636F746F7270: return .other  // protocol
            case 0x73776F7268746572: return .other  // rethrows
            default: return .none
            }
        case 9:
            switch (low, high) {
            case (0x6F69736E65747865, 0x6E): return .other  // extension
            case (0x7069726373627573, 0x74): return .other  // subscript
            case (0x61696C6165707974, 0x73): return .other  // typealias
            default: return .none
            }
        case 11:
            switch (low, high) {
            case (0x6F7268746C6C6166, 0x686775): return .other  // fallthrough
            case (0x76697270656C6966, 0x657461): return .other  // fileprivate
            default: return .none
            }
        case 14:
            switch (low, high) {
            case (0x746169636F737361, 0x657079746465): return .other  // associatedtype
            default: return .none
            }
        case 15:
            switch (low, high) {
            case (0x6E65646563657270, 0x70756F72676563): return .other  // precedencegroup
            default: return .none
            }
        default:
            return .none
        }
    }
}

/// Byte classes for the lexer's hot loops, in a table indexed by byte.
enum ByteClass {
    static let identifierContinue: UInt8 = 1
    static let identifierStart: UInt8 = 2
    static let operatorCharacter: UInt8 = 4
    static let digit: UInt8 = 8
    static let hexDigit: UInt8 = 16
    /// Space, tab, vertical tab, form feed.
    static let space: UInt8 = 32
    /// The first letters of Swift's reserved words (and `_`).
    static let keywordStart: UInt8 = 64
    /// Bytes that may start trivia: whitespace, line breaks, `/` (comments), `<` and
    /// `>` (conflict markers), 0xEF (a byte order mark).
    static let triviaStart: UInt8 = 128

    /// 256 entries, allocated once and never freed.
    nonisolated(unsafe) static let table: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for value in 0..<256 {
            let byte = UInt8(value)
            var bits: UInt8 = 0
            if byte.isASCIIIdentifierContinue { bits |= identifierContinue }
            if byte.isASCIIIdentifierStart { bits |= identifierStart }
            if byte.isASCIIOperatorCharacter { bits |= operatorCharacter }
            if byte.isDecimalDigit { bits |= digit }
            if byte.isHexDigit { bits |= hexDigit }
            if byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C { bits |= space }
            switch byte {
            case 0x20, 0x09, 0x0B, 0x0C, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: "<"), UInt8(ascii: ">"), 0xEF:
                bits |= triviaStart
            default:
                break
            }
            if (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "A") || byte == UInt8(ascii: "S")
                || byte == UInt8(ascii: "_")
            {
                bits |= keywordStart
            }
            table[value] = bits
        }
        return UnsafePointer(table)
    }()
}
