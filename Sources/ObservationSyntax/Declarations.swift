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
    public var simpleName: Substring { name.simpleTypeName }

    /// Whether `simpleName` is `wanted`: compared on the UTF-8 bytes, without making the
    /// substring, when both names are ASCII (`Array.first(named:)` asks this of nearly every
    /// attribute of every property). Otherwise `==` compares canonical equivalence, not
    /// bytes, and decides.
    @inlinable
    public func hasSimpleName(_ wanted: String) -> Bool {
        let byBytes = name.utf8.withContiguousStorageIfAvailable { name in
            wanted.utf8.withContiguousStorageIfAvailable { wanted in Self.asciiSimpleName(of: name, is: wanted) } ?? nil
        } ?? nil
        return byBytes ?? (simpleName == wanted)
    }

    /// Whether the part of `name` after its last `.` is `wanted`, byte for byte; nil when
    /// either holds a byte beyond ASCII.
    @usableFromInline
    static func asciiSimpleName(of name: UnsafeBufferPointer<UInt8>, is wanted: UnsafeBufferPointer<UInt8>) -> Bool? {
        for byte in name where byte >= 0x80 { return nil }
        for byte in wanted where byte >= 0x80 { return nil }
        var start = name.count
        while start > 0, name[start - 1] != UInt8(ascii: ".") { start -= 1 }
        guard name.count - start == wanted.count else { return false }
        for offset in 0..<wanted.count where name[start + offset] != wanted[offset] { return false }
        return true
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

/// A token range, or none, in 8 bytes instead of `Range<Int>?`'s 17: a project holds
/// hundreds of thousands of declarations (files have fewer than 2^31 tokens).
@usableFromInline struct TokenSpan: Sendable, Hashable {
    @usableFromInline var lower: Int32
    @usableFromInline var upper: Int32

    @inlinable init(_ range: Range<Int>?) {
        lower = Int32(truncatingIfNeeded: range?.lowerBound ?? -1)
        upper = Int32(truncatingIfNeeded: range?.upperBound ?? -1)
    }

    @inlinable var range: Range<Int>? { lower < 0 ? nil : Int(lower)..<Int(upper) }
    /// The range of a span made from one.
    @inlinable var knownRange: Range<Int> { Int(lower)..<Int(upper) }
}

/// A type as written: its tokens and their text without spaces or comments.
public struct TypeRef: Sendable, Hashable {
    public var text: String
    @usableFromInline var span: TokenSpan

    public var tokens: Range<Int> {
        @inlinable get { span.knownRange }
        set { span = TokenSpan(newValue) }
    }

    public init(tokens: Range<Int>, text: String) {
        self.text = text
        self.span = TokenSpan(tokens)
    }
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

/// Declarations of properties, functions and types are immutable classes: the index and
/// the rules pass them around constantly, and a reference costs one retain where a copy
/// of the value would cost one per field.

/// One bound name of a `var`/`let` declaration; `var a = 1, b = 2` yields two.
///
/// Token positions are stored in 32 bits (see `TokenSpan`) and read as `Int`s.
public final class Property: Sendable {
    public let name: String
    public let attributes: [Attribute]
    public let modifiers: [Modifier]
    public let type: TypeRef?
    public let accessors: [Accessor]
    public let isLet: Bool
    @usableFromInline let nameTokenIndex: Int32
    @usableFromInline let initializerSpan: TokenSpan
    @usableFromInline let declarationSpan: TokenSpan

    @inlinable public var nameToken: Int { Int(nameTokenIndex) }
    /// The initial value's expression tokens (after `=`).
    @inlinable public var initializer: Range<Int>? { initializerSpan.range }
    /// The whole declaration, first attribute or modifier through its last token.
    @inlinable public var declaration: Range<Int> { declarationSpan.knownRange }

    /// A property with a getter (computed); stored properties may still have observers.
    public var isComputed: Bool {
        accessors.contains { $0.kind == .get || $0.kind == .read }
    }
    public var isStored: Bool { !isComputed }

    init(
        name: String,
        nameToken: Int,
        attributes: [Attribute],
        modifiers: [Modifier],
        isLet: Bool,
        type: TypeRef?,
        initializer: Range<Int>?,
        accessors: [Accessor],
        declaration: Range<Int>
    ) {
        self.name = name
        self.nameTokenIndex = Int32(truncatingIfNeeded: nameToken)
        self.attributes = attributes
        self.modifiers = modifiers
        self.isLet = isLet
        self.type = type
        self.initializerSpan = TokenSpan(initializer)
        self.accessors = accessors
        self.declarationSpan = TokenSpan(declaration)
    }
}

public struct Parameter: Sendable, Hashable {
    /// The argument label (`nil` for `_`).
    public var label: String?
    /// The name used inside the body.
    public var name: String
    public var type: TypeRef?
    public var isAutoclosure: Bool
    @usableFromInline var nameTokenIndex: Int32
    @usableFromInline var defaultValueSpan: TokenSpan

    @inlinable public var nameToken: Int { Int(nameTokenIndex) }
    @inlinable public var defaultValue: Range<Int>? { defaultValueSpan.range }

    init(label: String?, name: String, nameToken: Int, type: TypeRef?, defaultValue: Range<Int>?, isAutoclosure: Bool) {
        self.label = label
        self.name = name
        self.type = type
        self.isAutoclosure = isAutoclosure
        self.nameTokenIndex = Int32(truncatingIfNeeded: nameToken)
        self.defaultValueSpan = TokenSpan(defaultValue)
    }
}

public final class FunctionDecl: Sendable {
    public enum Kind: String, Sendable { case function, initializer, `subscript`, deinitializer }
    /// The function's name; `init`, `subscript` and `deinit` for the others.
    public let name: String
    public let attributes: [Attribute]
    public let modifiers: [Modifier]
    public let parameters: [Parameter]
    public let returnType: TypeRef?
    public let kind: Kind
    @usableFromInline let nameTokenIndex: Int32
    @usableFromInline let genericParametersSpan: TokenSpan
    @usableFromInline let bodySpan: TokenSpan
    @usableFromInline let declarationSpan: TokenSpan

    @inlinable public var nameToken: Int { Int(nameTokenIndex) }
    @inlinable public var genericParameters: Range<Int>? { genericParametersSpan.range }
    /// The body's braces and everything between them (for a subscript: its accessors).
    @inlinable public var body: Range<Int>? { bodySpan.range }
    @inlinable public var declaration: Range<Int> { declarationSpan.knownRange }

    init(
        kind: Kind,
        name: String,
        nameToken: Int,
        attributes: [Attribute],
        modifiers: [Modifier],
        genericParameters: Range<Int>?,
        parameters: [Parameter],
        returnType: TypeRef?,
        body: Range<Int>?,
        declaration: Range<Int>
    ) {
        self.kind = kind
        self.name = name
        self.nameTokenIndex = Int32(truncatingIfNeeded: nameToken)
        self.attributes = attributes
        self.modifiers = modifiers
        self.genericParametersSpan = TokenSpan(genericParameters)
        self.parameters = parameters
        self.returnType = returnType
        self.bodySpan = TokenSpan(body)
        self.declarationSpan = TokenSpan(declaration)
    }
}

public enum TypeDeclKind: String, Sendable {
    case `class`, `struct`, `enum`, `actor`, `protocol`, `extension`
}

public struct TypeAlias: Sendable, Hashable {
    public var name: String
    public var nameToken: Int
    public var target: TypeRef?
}

public final class TypeDecl: Sendable {
    public let kind: TypeDeclKind
    /// The declared name, or for an extension the extended type as written (`Outer.Inner`).
    public let name: String
    /// Enclosing type names joined with dots (`Outer.Inner`); the same as `name` at top level.
    public let qualifiedName: String
    public let nameToken: Int
    public let attributes: [Attribute]
    public let modifiers: [Modifier]
    public let genericParameters: Range<Int>?
    public let inheritance: [TypeRef]
    public let properties: [Property]
    public let functions: [FunctionDecl]
    public let nestedTypes: [TypeDecl]
    public let typeAliases: [TypeAlias]
    /// The member list's braces and everything between them.
    public let members: Range<Int>
    public let declaration: Range<Int>

    init(
        kind: TypeDeclKind,
        name: String,
        qualifiedName: String,
        nameToken: Int,
        attributes: [Attribute],
        modifiers: [Modifier],
        genericParameters: Range<Int>?,
        inheritance: [TypeRef],
        properties: [Property],
        functions: [FunctionDecl],
        nestedTypes: [TypeDecl],
        typeAliases: [TypeAlias],
        members: Range<Int>,
        declaration: Range<Int>
    ) {
        self.kind = kind
        self.name = name
        self.qualifiedName = qualifiedName
        self.nameToken = nameToken
        self.attributes = attributes
        self.modifiers = modifiers
        self.genericParameters = genericParameters
        self.inheritance = inheritance
        self.properties = properties
        self.functions = functions
        self.nestedTypes = nestedTypes
        self.typeAliases = typeAliases
        self.members = members
        self.declaration = declaration
    }

    /// `extension View` (or `SwiftUI.View`): members every view gets.
    public var extendsView: Bool { kind == .extension && TypeDecl.namesViewProtocol(name) }

    /// Whether a written type name is SwiftUI's `View` protocol.
    public static func namesViewProtocol(_ name: String) -> Bool { name == "View" || name == "SwiftUI.View" }
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
        first { $0.hasSimpleName(name) }
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
