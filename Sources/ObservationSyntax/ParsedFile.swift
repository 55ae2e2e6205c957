/// A tokenized and parsed file: the first two stages of the pipeline, done once per file.
/// Its tokens and navigation helpers come from `TokenStream`.
public final class ParsedFile: TokenStream, @unchecked Sendable {
    public let path: String
    /// The comments whose text contains `observation-lint:`, the only ones that can hold a
    /// suppression command (the others are dropped: they are a tenth of a file's tokens).
    public let commandComments: [Token]
    public let imports: [ImportDecl]
    public let types: [TypeDecl]
    public let functions: [FunctionDecl]
    public let properties: [Property]
    public let typeAliases: [TypeAlias]
    public let previews: [PreviewBlock]

    public init(path: String, bytes: [UInt8]) {
        let source = SourceText(bytes: bytes)
        let tokenized = Tokenizer.tokenize(bytes)
        let far = tokenized.farPartners
        let stream = TokenStream(source: source, tokens: tokenized.tokens, farPartners: far)
        let declarations = stream.parseDeclarationSkeleton()
        self.path = path
        self.commandComments = tokenized.comments.filter { source.range($0.range, contains: Self.commandPrefixBytes) }
        self.imports = declarations.imports
        self.types = declarations.types
        self.functions = declarations.functions
        self.properties = declarations.properties
        self.typeAliases = declarations.typeAliases
        self.previews = declarations.previews
        super.init(source: source, tokens: stream.tokens, farPartners: far)
    }

    /// What every suppression command starts with (`SuppressionMap` parses the commands).
    public static let suppressionCommandPrefix = "observation-lint:"
    private static let commandPrefixBytes = Array(suppressionCommandPrefix.utf8)
}

/// Pairs the brackets of a token buffer, one token at a time: writes into each paired
/// bracket the distance to its partner and keeps the pairs too far apart for a distance
/// (by token index, both ends). The post-pass feeds it the brackets as it meets them in its
/// own walk over the tokens; `pair(_:)` is the walk on its own.
struct BracketPairing {
    /// The open brackets' indices, innermost last (at most one per token).
    private let open: UnsafeMutablePointer<Int>
    private var openCount = 0
    private(set) var far: [Int32: Int32] = [:]

    /// For a buffer of at most `capacity` tokens; `deallocate()` when done.
    init(capacity: Int) {
        open = UnsafeMutablePointer<Int>.allocate(capacity: max(capacity, 1))
    }

    func deallocate() { open.deallocate() }

    /// The bracket at `index`, of kind `kind`, in token order.
    @inline(__always)
    mutating func visit(_ index: Int, _ kind: TokenKind, in tokens: UnsafeMutableBufferPointer<Token>) {
        switch kind {
        case .leftParen, .leftSquare, .leftBrace, .leftAngle:
            open[openCount] = index
            openCount += 1
        default:
            close(index, kind, in: tokens)
        }
    }

    /// A closer pairs with the nearest opener of its kind among the few innermost open ones
    /// (openers skipped over stay unpaired); otherwise it is stray. The bounded search keeps
    /// pairing linear on any input.
    @inline(__always)
    private mutating func close(_ index: Int, _ kind: TokenKind, in tokens: UnsafeMutableBufferPointer<Token>) {
        let opener = kind.opener
        let searchFloor = max(openCount - 8, 0)
        var position = openCount - 1
        while position >= searchFloor, tokens[open[position]].kind != opener { position -= 1 }
        guard position >= searchFloor else { return }
        let match = open[position]
        let distance = index - match
        if distance < Int(Token.farPartner) {
            tokens[match].partnerDistance = UInt32(distance)
            tokens[index].partnerDistance = UInt32(distance)
        } else {
            tokens[match].partnerDistance = Token.farPartner
            tokens[index].partnerDistance = Token.farPartner
            far[Int32(match)] = Int32(index)
            far[Int32(index)] = Int32(match)
        }
        openCount = position
    }

    /// Pairs the brackets of `tokens` (whose brackets carry no distance yet); returns the
    /// pairs too far apart for a distance.
    static func pair(_ tokens: UnsafeMutableBufferPointer<Token>) -> [Int32: Int32] {
        var pairing = BracketPairing(capacity: tokens.count)
        defer { pairing.deallocate() }
        for index in tokens.indices {
            let kind = tokens[index].kind
            if kind.isBracket { pairing.visit(index, kind, in: tokens) }
        }
        return pairing.far
    }
}

extension TokenKind {
    /// The opening kind for a closing bracket.
    var opener: TokenKind {
        switch self {
        case .rightParen: .leftParen
        case .rightSquare: .leftSquare
        case .rightBrace: .leftBrace
        case .rightAngle: .leftAngle
        default: self
        }
    }
}
