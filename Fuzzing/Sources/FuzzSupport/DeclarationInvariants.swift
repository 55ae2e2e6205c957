import ObservationSyntax

/// What the declaration parser promises on any input: every position it records is a
/// token of the file, every part of a declaration lies inside it, every member inside its
/// type's member list, brackets pair symmetrically, and parsing is deterministic.
public enum DeclarationInvariants {
    public static func check(_ bytes: [UInt8]) {
        let file = ParsedFile(path: "Fuzz.swift", bytes: bytes)
        if file.tokens != Tokenizer.tokenize(bytes).tokens {
            violated("the parsed file's tokens are not the tokenizer's")
        }
        checkBrackets(file)
        let checker = Checker(file: file)
        let whole = 0..<file.tokens.count
        for item in file.imports { checker.token(item.token, in: whole, "import \(item.module)") }
        for preview in file.previews {
            checker.token(preview.poundToken, in: whole, "#Preview")
            checker.range(preview.body, in: whole, "#Preview body")
            if preview.poundToken >= preview.body.lowerBound { violated("#Preview body before its #") }
        }
        for alias in file.typeAliases { checker.typeAlias(alias, in: whole) }
        for property in file.properties { checker.property(property, in: whole) }
        for function in file.functions { checker.function(function, in: whole) }
        for type in file.types { checker.type(type, in: whole) }
        if summary(file) != summary(ParsedFile(path: "Fuzz.swift", bytes: bytes)) {
            violated("parsing the same bytes twice gave different declarations")
        }
    }

    /// Each bracket's partner is a bracket of the matching kind whose partner is it.
    static func checkBrackets(_ file: ParsedFile) {
        for index in file.tokens.indices {
            let partner = Int(file.partner[index])
            let kind = file.tokens[index].kind
            guard partner >= 0 else { continue }
            guard kind.isBracket, partner < file.tokens.count else {
                violated("token \(index) \(kind) has partner \(partner)")
            }
            let partnerKind = file.tokens[partner].kind
            let (opener, closer) = file.isOpener(kind) ? (index, partner) : (partner, index)
            if opener >= closer || Int(file.partner[partner]) != index || !file.isOpener(file.tokens[opener].kind)
                || openerKind(of: file.tokens[closer].kind) != file.tokens[opener].kind
            {
                violated("brackets \(index) \(kind) and \(partner) \(partnerKind) do not pair")
            }
        }
    }

    static func openerKind(of closer: TokenKind) -> TokenKind? {
        switch closer {
        case .rightParen: .leftParen
        case .rightSquare: .leftSquare
        case .rightBrace: .leftBrace
        case .rightAngle: .leftAngle
        default: nil
        }
    }

    struct Checker {
        let file: ParsedFile

        func token(_ index: Int, in enclosing: Range<Int>, _ what: @autoclosure () -> String) {
            if !enclosing.contains(index) { violated("\(what()): token \(index) outside \(enclosing)") }
        }

        func range(_ range: Range<Int>?, in enclosing: Range<Int>, _ what: @autoclosure () -> String) {
            guard let range else { return }
            if range.lowerBound < enclosing.lowerBound || range.upperBound > enclosing.upperBound {
                violated("\(what()): tokens \(range) outside \(enclosing)")
            }
        }

        /// A brace-delimited range starts at its `{` and, when the brace is paired, ends
        /// with its partner.
        func braces(_ range: Range<Int>?, _ what: @autoclosure () -> String) {
            guard let range, !range.isEmpty else { return }
            if file.tokens[range.lowerBound].kind != .leftBrace {
                violated("\(what()) \(range) does not start with {")
            }
            let partner = Int(file.partner[range.lowerBound])
            if partner >= 0 && partner != range.upperBound - 1 {
                violated("\(what()) \(range) does not end at the partner \(partner) of its {")
            }
        }

        func attributes(_ attributes: [Attribute], in declaration: Range<Int>, _ owner: String) {
            for attribute in attributes {
                token(attribute.atToken, in: declaration, "\(owner) @\(attribute.name)")
                range(attribute.tokens, in: declaration, "\(owner) @\(attribute.name)")
                range(attribute.arguments, in: attribute.tokens, "\(owner) @\(attribute.name) arguments")
            }
        }

        func modifiers(_ modifiers: [Modifier], in declaration: Range<Int>, _ owner: String) {
            for modifier in modifiers { token(modifier.token, in: declaration, "\(owner) modifier \(modifier.name)") }
        }

        func typeRef(_ type: TypeRef?, in declaration: Range<Int>, _ what: String) {
            if let type { range(type.tokens, in: declaration, what) }
        }

        func typeAlias(_ alias: TypeAlias, in enclosing: Range<Int>) {
            token(alias.nameToken, in: enclosing, "typealias \(alias.name)")
            typeRef(alias.target, in: enclosing, "typealias \(alias.name) target")
        }

        func property(_ property: Property, in enclosing: Range<Int>) {
            let what = "var \(property.name)"
            let declaration = property.declaration
            range(declaration, in: enclosing, what)
            token(property.nameToken, in: declaration, what + " name")
            attributes(property.attributes, in: declaration, what)
            modifiers(property.modifiers, in: declaration, what)
            typeRef(property.type, in: declaration, what + " type")
            range(property.initializer, in: declaration, what + " initial value")
            for accessor in property.accessors {
                range(accessor.body, in: declaration, "\(what) \(accessor.kind)")
                if !accessor.isImplicitGetter { braces(accessor.body, "\(what) \(accessor.kind) body") }
            }
        }

        func function(_ function: FunctionDecl, in enclosing: Range<Int>) {
            let what = "func \(function.name)"
            let declaration = function.declaration
            range(declaration, in: enclosing, what)
            token(function.nameToken, in: declaration, what + " name")
            attributes(function.attributes, in: declaration, what)
            modifiers(function.modifiers, in: declaration, what)
            range(function.genericParameters, in: declaration, what + " generic parameters")
            typeRef(function.returnType, in: declaration, what + " return type")
            for parameter in function.parameters {
                token(parameter.nameToken, in: declaration, "\(what) parameter \(parameter.name)")
                typeRef(parameter.type, in: declaration, "\(what) parameter \(parameter.name) type")
                range(parameter.defaultValue, in: declaration, "\(what) parameter \(parameter.name) default")
            }
            range(function.body, in: declaration, what + " body")
            braces(function.body, what + " body")
        }

        func type(_ type: TypeDecl, in enclosing: Range<Int>) {
            let what = "\(type.kind) \(type.qualifiedName)"
            let declaration = type.declaration
            range(declaration, in: enclosing, what)
            token(type.nameToken, in: declaration, what + " name")
            attributes(type.attributes, in: declaration, what)
            modifiers(type.modifiers, in: declaration, what)
            range(type.genericParameters, in: declaration, what + " generic parameters")
            for inherited in type.inheritance { typeRef(inherited, in: declaration, what + " inheritance") }
            range(type.members, in: declaration, what + " members")
            braces(type.members, what + " members")
            for alias in type.typeAliases { typeAlias(alias, in: type.members) }
            for property in type.properties { self.property(property, in: type.members) }
            for function in type.functions { self.function(function, in: type.members) }
            for nested in type.nestedTypes { self.type(nested, in: type.members) }
        }
    }

    /// The declarations as text: names, kinds and token positions, nested.
    static func summary(_ file: ParsedFile) -> String {
        var lines: [String] = []
        func add(_ type: TypeDecl, depth: Int) {
            let indent = String(repeating: " ", count: depth)
            lines.append("\(indent)\(type.kind) \(type.qualifiedName) \(type.declaration) \(type.members) \(type.inheritance.map(\.text))")
            for property in type.properties { lines.append("\(indent) var \(property.name) \(property.declaration)") }
            for function in type.functions { lines.append("\(indent) func \(function.name) \(function.declaration)") }
            for nested in type.nestedTypes { add(nested, depth: depth + 1) }
        }
        for type in file.types { add(type, depth: 0) }
        lines += file.properties.map { "var \($0.name) \($0.declaration) \(String(describing: $0.initializer))" }
        lines += file.functions.map { "func \($0.name) \($0.declaration) \($0.parameters.map(\.name))" }
        lines += file.imports.map { "import \($0.module) \($0.token)" }
        lines += file.previews.map { "#Preview \($0.poundToken) \($0.body)" }
        return lines.joined(separator: "\n")
    }
}
