/// A tokenized and parsed file: the first two stages of the pipeline, done once per file.
/// Its tokens and navigation helpers come from `TokenStream`.
public final class ParsedFile: TokenStream, @unchecked Sendable {
    public let path: String
    public let comments: [Token]
    public let imports: [ImportDecl]
    public let types: [TypeDecl]
    public let functions: [FunctionDecl]
    public let properties: [Property]
    public let typeAliases: [TypeAlias]
    public let previews: [PreviewBlock]

    public init(path: String, bytes: [UInt8]) {
        let source = SourceText(bytes: bytes)
        let tokenized = Tokenizer.tokenize(bytes)
        let stream = TokenStream(source: source, tokens: tokenized.tokens, partner: Self.pairBrackets(tokenized.tokens))
        let declarations = stream.parseDeclarationSkeleton()
        self.path = path
        self.comments = tokenized.comments
        self.imports = declarations.imports
        self.types = declarations.types
        self.functions = declarations.functions
        self.properties = declarations.properties
        self.typeAliases = declarations.typeAliases
        self.previews = declarations.previews
        super.init(source: source, tokens: stream.tokens, partner: stream.partner)
    }

    static func pairBrackets(_ tokens: [Token]) -> [Int32] {
        var partner = [Int32](repeating: -1, count: tokens.count)
        var open: [Int] = []
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .leftParen, .leftSquare, .leftBrace, .leftAngle:
                open.append(index)
            case .rightParen, .rightSquare, .rightBrace, .rightAngle:
                // A closer pairs with the nearest opener of its kind among the few innermost
                // open ones (openers skipped over stay unpaired); otherwise it is stray. The
                // bounded search keeps pairing linear on any input.
                let opener = token.kind.opener
                let searchFloor = max(open.count - 8, 0)
                guard let position = open[searchFloor...].lastIndex(where: { tokens[$0].kind == opener })
                else { continue }
                let match = open[position]
                partner[match] = Int32(index)
                partner[index] = Int32(match)
                open.removeSubrange(position...)
            default:
                break
            }
        }
        return partner
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
