/// The declaration skeleton of one Swift file. Positions are token indices into
/// `ParsedFile.tokens`; bodies and initial values stay token ranges.

public struct Attribute: Sendable, Hashable {
    /// The name as written after `@`, qualified names included (`SwiftUI.State`).
    public var name: String
    /// Index of the `@` token.
    public var atToken: Int
    /// Tokens between the parentheses, when the attribute has arguments.
    public var arguments: Range<Int>?
    /// All the attribute's tokens, `@` through `)`.
    public var tokens: Range<Int>

    /// The last component of the name (`State` for `SwiftUI.State`).
    public var simpleName: Substring {
        // The last `.` found on the UTF-8 bytes (a search of the UTF-8 view costs an index
        // operation per byte, and this is asked for every attribute).
        var name = name
        let dotOffset = name.withUTF8 { bytes -> Int? in
            var index = bytes.count - 1
            while index >= 0 {
                if bytes[index] == UInt8(ascii: ".") { return index }
                index -= 1
            }
            return nil
        }
        guard let dotOffset else { return name[...] }
        return name[name.utf8.index(name.utf8.startIndex, offsetBy: dotOffset + 1)...]
    }
}

public struct Modifier: Sendable, Hashable {
    public var name: String
    /// The parenthesized detail: `set` in `private(set)`, `unsafe` in `nonisolated(unsafe)`.
    public var detail: String?
    public var token: Int
}

public enum AccessLevel: String, Sendable, Comparable {
    case `private`, `fileprivate`, `internal`, `package`, `public`, `open`

    private var rank: Int {
        switch self {
        case .private: 0
        case .fileprivate: 1
        case .internal: 2
        case .package: 3
        case .public: 4
        case .open: 5
        }
    }

    public static func < (lhs: AccessLevel, rhs: AccessLevel) -> Bool { lhs.rank < rhs.rank }
}

/// A type as written: its tokens and their text without spaces or comments.
public struct TypeRef: Sendable, Hashable {
    public var tokens: Range<Int>
    public var text: String
}

public struct Accessor: Sendable, Hashable {
    public enum Kind: String, Sendable {
        case get, set, willSet, didSet, read = "_read", modify = "_modify", `init`
    }
    public var kind: Kind
    /// `true` for a computed property's body written without `get { }`.
    public var isImplicitGetter: Bool
    /// The body's braces and everything between them; nil for `{ get set }` in protocols.
    public var body: Range<Int>?
}

/// One bound name of a `var`/`let` declaration; `var a = 1, b = 2` yields two.
public struct Property: Sendable, Hashable {
    public var name: String
    public var nameToken: Int
    public var attributes: [Attribute]
    public var modifiers: [Modifier]
    public var isLet: Bool
    public var type: TypeRef?
    /// The initial value's expression tokens (after `=`).
    public var initializer: Range<Int>?
    public var accessors: [Accessor]
    /// The whole declaration, first attribute or modifier through its last token.
    public var declaration: Range<Int>

    /// A property with a getter (computed); stored properties may still have observers.
    public var isComputed: Bool {
        accessors.contains { $0.kind == .get || $0.kind == .read }
    }
    public var isStored: Bool { !isComputed }
}

public struct Parameter: Sendable, Hashable {
    /// The argument label (`nil` for `_`).
    public var label: String?
    /// The name used inside the body.
    public var name: String
    public var nameToken: Int
    public var type: TypeRef?
    public var defaultValue: Range<Int>?
    public var isAutoclosure: Bool
}

public struct FunctionDecl: Sendable, Hashable {
    public enum Kind: String, Sendable { case function, initializer, `subscript`, deinitializer }
    public var kind: Kind
    /// The function's name; `init`, `subscript` and `deinit` for the others.
    public var name: String
    public var nameToken: Int
    public var attributes: [Attribute]
    public var modifiers: [Modifier]
    public var genericParameters: Range<Int>?
    public var parameters: [Parameter]
    public var returnType: TypeRef?
    /// The body's braces and everything between them (for a subscript: its accessors).
    public var body: Range<Int>?
    public var declaration: Range<Int>
}

public enum TypeDeclKind: String, Sendable {
    case `class`, `struct`, `enum`, `actor`, `protocol`, `extension`
}

public struct TypeAlias: Sendable, Hashable {
    public var name: String
    public var nameToken: Int
    public var target: TypeRef?
}

public struct TypeDecl: Sendable, Hashable {
    public var kind: TypeDeclKind
    /// The declared name, or for an extension the extended type as written (`Outer.Inner`).
    public var name: String
    /// Enclosing type names joined with dots (`Outer.Inner`); the same as `name` at top level.
    public var qualifiedName: String
    public var nameToken: Int
    public var attributes: [Attribute]
    public var modifiers: [Modifier]
    public var genericParameters: Range<Int>?
    public var inheritance: [TypeRef]
    public var properties: [Property]
    public var functions: [FunctionDecl]
    public var nestedTypes: [TypeDecl]
    public var typeAliases: [TypeAlias]
    /// The member list's braces and everything between them.
    public var members: Range<Int>
    public var declaration: Range<Int>
}

public struct ImportDecl: Sendable, Hashable {
    public var module: String
    public var token: Int
}

/// `#Preview { ... }` or `#Preview("name") { ... }`.
public struct PreviewBlock: Sendable, Hashable {
    public var poundToken: Int
    public var body: Range<Int>
}

extension Array where Element == Attribute {
    public func first(named name: String) -> Attribute? {
        first { $0.simpleName == name }
    }
    public func contains(named name: String) -> Bool { first(named: name) != nil }
}

extension Array where Element == Modifier {
    public func contains(_ name: String) -> Bool { contains { $0.name == name && $0.detail == nil } }

    /// The declared access level (`private(set)` only restricts the setter).
    public var accessLevel: AccessLevel? {
        for modifier in self where modifier.detail == nil {
            if let level = AccessLevel(rawValue: modifier.name) { return level }
        }
        return nil
    }
}
