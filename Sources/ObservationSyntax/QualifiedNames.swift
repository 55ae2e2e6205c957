/// Qualified type names (`Outer.Inner`) split at their last `.`, found on the UTF-8 bytes:
/// a `Character` search (`lastIndex(of: ".")`, `split(separator: ".")`) costs grapheme
/// breaking per character, and the index and the rules ask this of type names constantly.
extension String {
    /// `Outer.Inner` → `Inner`; a simple name → itself.
    @inlinable
    public var simpleTypeName: Substring {
        guard let dot = lastDotOffset else { return self[...] }
        return self[utf8.index(utf8.startIndex, offsetBy: dot + 1)...]
    }

    /// `Outer.Middle.Inner` → `Outer.Middle`; a simple name → nil.
    @inlinable
    public var enclosingTypeName: String? {
        guard let dot = lastDotOffset else { return nil }
        return String(self[..<utf8.index(utf8.startIndex, offsetBy: dot)])
    }

    @usableFromInline
    var lastDotOffset: Int? {
        var name = self
        return name.withUTF8 { bytes -> Int? in
            var index = bytes.count - 1
            while index >= 0 {
                if bytes[index] == UInt8(ascii: ".") { return index }
                index -= 1
            }
            return nil
        }
    }
}

extension StringProtocol {
    /// Whether the first character is uppercase (how type and wrapper names are told from
    /// other names). An ASCII first byte answers without a `Character` and its Unicode
    /// properties. Inlinable: across the module boundary a generic call cost about 400
    /// instructions.
    @inlinable
    public var startsWithUppercase: Bool {
        guard let byte = utf8.first else { return false }
        if byte < 0x80 { return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        return first?.isUppercase == true
    }
}
