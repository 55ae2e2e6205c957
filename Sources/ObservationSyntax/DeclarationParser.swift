/// What the declaration parser finds in one file or member list.
struct DeclarationSkeleton {
    var imports: [ImportDecl] = []
    var types: [TypeDecl] = []
    var functions: [FunctionDecl] = []
    var properties: [Property] = []
    var typeAliases: [TypeAlias] = []
    var previews: [PreviewBlock] = []
}

private let modifierWords = WordSet([
    "public", "private", "fileprivate", "internal", "package", "open", "static", "class",
    "final", "override", "lazy", "weak", "unowned", "mutating", "nonmutating",
    "convenience", "required", "dynamic", "optional", "indirect", "nonisolated",
    "isolated", "distributed", "prefix", "postfix", "infix", "consuming", "borrowing",
    "__consuming", "rethrows",
])

private let declarationKeywords = WordSet([
    "var", "let", "func", "init", "deinit", "subscript", "struct", "class", "enum",
    "protocol", "extension", "typealias", "import", "case", "associatedtype", "operator",
    "precedencegroup",
])

/// The declaration parser: a light recursive-descent pass over tokens that yields the
/// declaration skeleton. It never fails: anything it does not recognize is skipped as a
/// statement, and every loop advances, so it is linear in the number of tokens.
extension TokenStream {
    func parseDeclarationSkeleton() -> DeclarationSkeleton {
        parseDeclarations(in: 0..<tokens.count, enclosing: "", depth: 0)
    }

    // MARK: - Declaration starts

    /// `actor Name` and `macro name` introduce declarations although they are not
    /// reserved words.
    private func isContextualIntroducer(_ index: Int) -> Bool {
        guard kind(index) == .identifier, at(index, "actor") || at(index, "macro") else { return false }
        return kind(index + 1) == .identifier && !tokens[index + 1].isAtStartOfLine
    }

    private func isDeclarationKeyword(_ index: Int) -> Bool {
        guard let kind = kind(index), kind == .keyword || kind == .identifier else { return false }
        if kind == .keyword, declarationKeywords.contains(tokens[index], in: source.bytes) { return true }
        return isContextualIntroducer(index)
    }

    private static let modifierDetails: Set<String> = ["set", "safe", "unsafe", "unowned", "nonsending"]

    /// Whether a modifier word at `index` is followed by the rest of a declaration; returns
    /// the index after the modifier (and its parenthesized detail) when it is.
    private func modifierEnd(_ index: Int) -> Int? {
        guard isWord(index), modifierWords.contains(tokens[index], in: source.bytes) else { return nil }
        var next = index + 1
        // `private(set)`, `unowned(safe)`, `nonisolated(unsafe)`: one word in parentheses
        // (Swift also accepts a space before them: `private (set)`).
        if kind(next) == .leftParen, isWord(next + 1), kind(next + 2) == .rightParen,
            !tokens[next].flags.contains(.leadingSpace) || Self.modifierDetails.contains(text(next + 1))
        {
            next += 3
        }
        // `class` alone before a name is a type declaration, not a modifier.
        if at(index, "class"), !(isDeclarationKeyword(next) || modifierEnd(next) != nil) { return nil }
        var probe = next
        var steps = 0
        while steps < 16, probe < tokens.count {
            if isDeclarationKeyword(probe) || kind(probe) == .atSign { return next }
            guard isWord(probe), modifierWords.contains(tokens[probe], in: source.bytes) else { return nil }
            probe += 1
            if kind(probe) == .leftParen, isWord(probe + 1), kind(probe + 2) == .rightParen { probe += 3 }
            steps += 1
        }
        return nil
    }

    // MARK: - Member lists and top level

    private func parseDeclarations(in range: Range<Int>, enclosing: String, depth: Int) -> DeclarationSkeleton {
        var result = DeclarationSkeleton()
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            let start = index
            index = parseOne(at: index, end: end, enclosing: enclosing, depth: depth, into: &result)
            if index <= start { index = start + 1 }
        }
        return result
    }

    /// Parses the item at `index` and returns the index after it.
    private func parseOne(
        at start: Int, end: Int, enclosing: String, depth: Int, into result: inout DeclarationSkeleton
    ) -> Int {
        switch tokens[start].kind {
        case .semicolon, .poundElse, .poundEndif:
            return start + 1
        case .poundIf, .poundElseif:
            // Declarations in every branch are collected: skip just the condition.
            return skipToLineEnd(from: start + 1, end: end)
        case .pound:
            return parsePoundItem(at: start, end: end, into: &result)
        default:
            break
        }

        var index = start
        var attributes: [Attribute] = []
        var modifiers: [Modifier] = []
        while index < end {
            if kind(index) == .atSign {
                let attribute = parseAttribute(at: index, end: end)
                attributes.append(attribute)
                index = attribute.tokens.upperBound
            } else if let after = modifierEnd(index) {
                var detail: String?
                if after > index + 1 { detail = source.text(byteRange(index + 2..<after - 1)) }
                modifiers.append(Modifier(name: text(index), detail: detail, token: index))
                index = min(after, end)
            } else {
                break
            }
        }
        guard index < end else { return index }
        // A macro expansion with attributes (`@available(iOS 17, *) #Preview { }`).
        if index > start, kind(index) == .pound { return parsePoundItem(at: index, end: end, into: &result) }

        // Byte comparisons, not a `switch` on a `String`: this runs at every declaration.
        if kind(index) == .keyword {
            if at(index, "var") || at(index, "let") {
                return parseProperty(
                    at: index, start: start, end: end, attributes: attributes, modifiers: modifiers,
                    into: &result.properties)
            }
            if at(index, "func") || at(index, "init") || at(index, "deinit") || at(index, "subscript") {
                let function = parseFunction(
                    at: index, start: start, end: end, attributes: attributes, modifiers: modifiers)
                result.functions.append(function)
                return function.declaration.upperBound
            }
            if at(index, "struct") || at(index, "class") || at(index, "enum") || at(index, "protocol")
                || at(index, "extension")
            {
                return parseTypeItem(
                    at: index, start: start, end: end, attributes: attributes, modifiers: modifiers,
                    enclosing: enclosing, depth: depth, into: &result)
            }
            if at(index, "typealias") { return parseTypeAlias(at: index, end: end, into: &result) }
            if at(index, "import") { return parseImport(at: index, end: end, into: &result) }
        } else if at(index, "actor"), isContextualIntroducer(index) {
            return parseTypeItem(
                at: index, start: start, end: end, attributes: attributes, modifiers: modifiers,
                enclosing: enclosing, depth: depth, into: &result)
        }
        // Enum cases, operators, macros, and statements at top level: skipped.
        return skipStatement(from: index, end: end)
    }

    private func parseTypeItem(
        at index: Int, start: Int, end: Int, attributes: [Attribute], modifiers: [Modifier],
        enclosing: String, depth: Int, into result: inout DeclarationSkeleton
    ) -> Int {
        guard
            let type = parseType(
                at: index, start: start, end: end, attributes: attributes, modifiers: modifiers,
                enclosing: enclosing, depth: depth)
        else { return skipStatement(from: index, end: end) }
        result.types.append(type)
        return type.declaration.upperBound
    }

    private func parseTypeAlias(at index: Int, end: Int, into result: inout DeclarationSkeleton) -> Int {
        let after = skipStatement(from: index, end: end)
        guard isWord(index + 1) else { return after }
        var equal = index + 2
        if kind(equal) == .leftAngle { equal = skipGroup(equal) }
        let target = equal < after && kind(equal) == .equal ? typeRef(equal + 1..<after) : nil
        result.typeAliases.append(TypeAlias(name: text(index + 1), nameToken: index + 1, target: target))
        return after
    }

    /// `import M`, `import struct M.T`, `@testable import M`.
    private func parseImport(at index: Int, end: Int, into result: inout DeclarationSkeleton) -> Int {
        var module = index + 1
        if kind(module) == .keyword || (isWord(module) && isWord(module + 1) && !tokens[module + 1].isAtStartOfLine) {
            module += 1
        }
        if module < end, isWord(module) {
            result.imports.append(ImportDecl(module: text(module), token: module))
        }
        return skipStatement(from: index, end: end)
    }

    /// `#Preview { }`, `#Preview("name") { }` are recorded; other macro expansions and
    /// directives (`#warning("…")`, `#sourceLocation(…)`) are skipped.
    private func parsePoundItem(at start: Int, end: Int, into result: inout DeclarationSkeleton) -> Int {
        var index = start + 1
        let isPreview = at(index, "Preview")
        if isWord(index) { index += 1 }
        if index < end, kind(index) == .leftParen, !tokens[index].isAtStartOfLine { index = skipGroup(index) }
        if index < end, kind(index) == .leftBrace {
            let body = groupRange(index, limit: end)
            if isPreview { result.previews.append(PreviewBlock(poundToken: start, body: body)) }
            index = body.upperBound
        }
        return min(index, end)
    }

    // MARK: - Properties

    /// One bound name of a `var`/`let` declaration, before the declaration's extent is known.
    private struct Binding {
        var name: Int
        var type: TypeRef?
        var initializer: Range<Int>?
        var accessors: [Accessor]
    }

    /// Parses a `var`/`let` declaration into `properties`, one per bound name; returns the
    /// index after it. (The first binding is kept apart from the rest: most declarations
    /// bind one name, and then no array is built.)
    private func parseProperty(
        at keywordIndex: Int, start: Int, end: Int, attributes: [Attribute], modifiers: [Modifier],
        into properties: inout [Property]
    ) -> Int {
        var first: Binding?
        var more: [Binding] = []
        var index = keywordIndex + 1
        let isLet = at(keywordIndex, "let")
        while index < end {
            // The pattern: a name, `_`, or a tuple of names.
            var name = -1
            var tupleNames: [Int] = []
            if kind(index) == .leftParen {
                let close = skipGroup(index)
                for inner in index + 1..<min(close, end) where isWord(inner) && kind(inner + 1) != .colon {
                    if !at(inner, "_") { tupleNames.append(inner) }
                }
                index = close
            } else if isWord(index) || kind(index) == .dollarIdentifier {
                name = index
                index += 1
            } else {
                break
            }
            var type: TypeRef?
            if index < end, kind(index) == .colon {
                let typeEnd = typeEnd(from: index + 1, end: end)
                type = typeRef(index + 1..<typeEnd)
                index = typeEnd
            }
            var initializer: Range<Int>?
            if index < end, kind(index) == .equal {
                let valueEnd = expressionEnd(from: index + 1, end: end, stopAtComma: true)
                initializer = index + 1..<valueEnd
                index = valueEnd
            }
            var accessors: [Accessor] = []
            if index < end, kind(index) == .leftBrace {
                let block = groupRange(index, limit: end)
                accessors = parseAccessors(block)
                index = block.upperBound
            }
            if name >= 0 {
                let binding = Binding(name: name, type: type, initializer: initializer, accessors: accessors)
                if first == nil { first = binding } else { more.append(binding) }
            } else {
                for name in tupleNames {
                    let binding = Binding(
                        name: name, type: tupleNames.count == 1 ? type : nil, initializer: initializer,
                        accessors: accessors)
                    if first == nil { first = binding } else { more.append(binding) }
                }
            }
            guard index < end, kind(index) == .comma else { break }
            index += 1
        }
        // Every binding of one declaration spans the whole declaration.
        let declaration = start..<max(index, keywordIndex + 1)
        func add(_ binding: Binding) {
            properties.append(
                Property(
                    name: text(binding.name), nameToken: binding.name, attributes: attributes,
                    modifiers: modifiers, isLet: isLet, type: binding.type, initializer: binding.initializer,
                    accessors: binding.accessors, declaration: declaration))
        }
        if let first { add(first) }
        for binding in more { add(binding) }
        return first == nil ? keywordIndex + 1 : declaration.upperBound
    }

    /// `{ get { } set { } }`, `{ willSet { } didSet { } }`, `{ get set }` (protocols), or a
    /// getter written without `get` (the whole block is its body).
    private func parseAccessors(_ block: Range<Int>) -> [Accessor] {
        let close = block.upperBound - 1
        guard isAccessorList(from: block.lowerBound + 1, end: close) else {
            return [Accessor(kind: .get, isImplicitGetter: true, body: block)]
        }
        var accessors: [Accessor] = []
        var index = block.lowerBound + 1
        while index < close {
            let before = index
            while index < close, kind(index) == .atSign { index = parseAttribute(at: index, end: close).tokens.upperBound }
            while index < close, at(index, "mutating") || at(index, "nonmutating") || at(index, "__consuming") { index += 1 }
            guard index < close, let accessorKind = accessorKind(at: index) else {
                index = max(index, before + 1)
                continue
            }
            index += 1
            if index < close, kind(index) == .leftParen { index = skipGroup(index) }  // `set(newValue)`
            while index < close, isWord(index), at(index, "async") || at(index, "throws") { index += 1 }
            if index < close, kind(index) == .leftParen { index = skipGroup(index) }  // typed throws
            var body: Range<Int>?
            if index < close, kind(index) == .leftBrace {
                body = groupRange(index, limit: close)
                index = body!.upperBound
            }
            accessors.append(Accessor(kind: accessorKind, isImplicitGetter: false, body: body))
            if index <= before { index = before + 1 }
        }
        return accessors
    }

    // MARK: - Functions

    private func parseFunction(
        at keywordIndex: Int, start: Int, end: Int, attributes: [Attribute], modifiers: [Modifier]
    ) -> FunctionDecl {
        var kind: FunctionDecl.Kind = .function
        var nameToken = keywordIndex
        var index = keywordIndex + 1
        if at(keywordIndex, "init") {
            kind = .initializer
            if index < end, self.kind(index) == .postfixQuestionMark || self.kind(index) == .exclamationMark {
                index += 1
            }
        } else if at(keywordIndex, "deinit") {
            kind = .deinitializer
        } else if at(keywordIndex, "subscript") {
            kind = .subscript
        } else if index < end, !tokens[index].isAtStartOfLine,
            let nameKind = self.kind(index), nameKind != .leftParen, nameKind != .leftAngle
        {
            nameToken = index
            index += 1
        }
        // The name, or for `init`, `deinit`, `subscript` (and a `func` without one) the keyword.
        let name = text(nameToken)
        var genericParameters: Range<Int>?
        if index < end, self.kind(index) == .leftAngle {
            genericParameters = groupRange(index, limit: end)
            index = genericParameters!.upperBound
        }
        var parameters: [Parameter] = []
        if index < end, self.kind(index) == .leftParen {
            let list = groupRange(index, limit: end)
            parameters = parseParameters(list)
            index = list.upperBound
        }
        // Effects: async, throws, rethrows, typed throws, reasync.
        while index < end, !tokens[index].isAtStartOfLine,
            at(index, "async") || at(index, "throws") || at(index, "rethrows") || at(index, "reasync")
        {
            index += 1
            if index < end, self.kind(index) == .leftParen, !tokens[index].flags.contains(.leadingSpace) {
                index = skipGroup(index)
            }
        }
        var returnType: TypeRef?
        if index < end, self.kind(index) == .arrow {
            let typeEnd = typeEnd(from: index + 1, end: end)
            returnType = typeRef(index + 1..<typeEnd)
            index = typeEnd
        }
        if index < end, at(index, "where") {
            index = whereClauseEnd(from: index + 1, end: end)
        }
        var body: Range<Int>?
        if index < end, self.kind(index) == .leftBrace {
            body = groupRange(index, limit: end)
            index = body!.upperBound
        }
        return FunctionDecl(
            kind: kind, name: name, nameToken: nameToken, attributes: attributes, modifiers: modifiers,
            genericParameters: genericParameters, parameters: parameters, returnType: returnType,
            body: body, declaration: start..<max(index, keywordIndex + 1))
    }

    private func parseParameters(_ list: Range<Int>) -> [Parameter] {
        var parameters: [Parameter] = []
        let close = list.upperBound - 1
        var index = list.lowerBound + 1
        while index < close {
            // One parameter: up to the next comma at this depth.
            var segmentEnd = index
            var colon: Int?
            var equal: Int?
            while segmentEnd < close, kind(segmentEnd) != .comma {
                switch kind(segmentEnd) {
                case .colon where colon == nil: colon = segmentEnd
                case .equal where equal == nil && colon != nil: equal = segmentEnd
                default: break
                }
                if let kind = kind(segmentEnd), isOpener(kind) {
                    segmentEnd = min(skipGroup(segmentEnd), close)
                } else {
                    segmentEnd += 1
                }
            }
            if let colon, colon > index, let last = lastParameterName(in: index..<colon) {
                let labelToken = lastParameterName(in: index..<last) ?? last
                let name = text(last)
                // Most parameters have one name, their label too (`x: Int`).
                let label = at(labelToken, "_") ? nil : labelToken == last ? name : text(labelToken)
                let typeRange = colon + 1..<(equal ?? segmentEnd)
                let type = typeRange.isEmpty ? nil : typeRef(typeRange)
                let isAutoclosure = typeRange.contains { kind($0) == .atSign && at($0 + 1, "autoclosure") }
                parameters.append(
                    Parameter(
                        label: label, name: name, nameToken: last, type: type,
                        defaultValue: equal.map { $0 + 1..<segmentEnd }, isAutoclosure: isAutoclosure))
            }
            index = segmentEnd + 1
        }
        return parameters
    }

    // MARK: - Types

    private func parseType(
        at keywordIndex: Int, start: Int, end: Int, attributes: [Attribute], modifiers: [Modifier],
        enclosing: String, depth: Int
    ) -> TypeDecl? {
        guard let kind = typeDeclKind(keywordIndex) else { return nil }
        var index = keywordIndex + 1
        guard index < end, isWord(index) else { return nil }
        let nameToken = index
        var name = text(index)
        index += 1
        if kind == .extension {
            while index + 1 < end, self.kind(index) == .period, isWord(index + 1) {
                name += "." + text(index + 1)
                index += 2
            }
        }
        var genericParameters: Range<Int>?
        if index < end, self.kind(index) == .leftAngle {
            genericParameters = groupRange(index, limit: end)
            index = genericParameters!.upperBound
        }
        var inheritance: [TypeRef] = []
        if index < end, self.kind(index) == .colon {
            index += 1
            while index < end {
                let entryEnd = typeEnd(from: index, end: end)
                if entryEnd > index { inheritance.append(typeRef(index..<entryEnd)) }
                index = entryEnd
                guard index < end, self.kind(index) == .comma else { break }
                index += 1
            }
        }
        if index < end, at(index, "where") {
            index = whereClauseEnd(from: index + 1, end: end)
        }
        guard index < end, self.kind(index) == .leftBrace else { return nil }
        let members = groupRange(index, limit: end)
        let qualifiedName = kind == .extension ? name : enclosing.isEmpty ? name : enclosing + "." + name
        // Bound the nesting so that pathological input cannot exhaust the stack.
        let inner =
            depth < 64
            ? parseDeclarations(
                in: members.lowerBound + 1..<max(members.upperBound - 1, members.lowerBound + 1),
                enclosing: Self.dotPath(qualifiedName),
                depth: depth + 1)
            : DeclarationSkeleton()
        return TypeDecl(
            kind: kind, name: name, qualifiedName: qualifiedName, nameToken: nameToken,
            attributes: attributes, modifiers: modifiers, genericParameters: genericParameters,
            inheritance: inheritance, properties: inner.properties, functions: inner.functions,
            nestedTypes: inner.types, typeAliases: inner.typeAliases, members: members,
            declaration: start..<members.upperBound)
    }

    /// A qualified name as the enclosing names of its members: its non-empty dot-separated
    /// components, joined with dots ("" for none). Names have no empty component but for
    /// the odd raw identifier (`` `a..b` ``), so this is nearly always the name itself.
    private static func dotPath(_ qualifiedName: String) -> String {
        let hasEmptyComponent = qualifiedName.utf8.withContiguousStorageIfAvailable { bytes in
            let dot = UInt8(ascii: ".")
            guard let first = bytes.first, let last = bytes.last else { return false }
            if first == dot || last == dot { return true }
            for index in 1..<bytes.count where bytes[index] == dot && bytes[index - 1] == dot { return true }
            return false
        }
        if hasEmptyComponent == false { return qualifiedName }
        return qualifiedName.utf8.split(separator: UInt8(ascii: ".")).map { String(decoding: $0, as: UTF8.self) }
            .joined(separator: ".")
    }

    /// The kind a type's keyword names (compared as bytes: every type declaration asks).
    private func typeDeclKind(_ index: Int) -> TypeDeclKind? {
        if at(index, "struct") { return .struct }
        if at(index, "class") { return .class }
        if at(index, "extension") { return .extension }
        if at(index, "enum") { return .enum }
        if at(index, "protocol") { return .protocol }
        if at(index, "actor") { return .actor }
        return nil
    }

    // MARK: - Extents of types, expressions and statements

    /// The end of a type starting at `start`: stops at `=`, `{`, `,`, `)`, `;`, `where`,
    /// or a new line that does not continue the type.
    private func typeEnd(from start: Int, end: Int) -> Int {
        var index = start
        while index < end {
            let token = tokens[index]
            if index > start, token.isAtStartOfLine, !continuesType(index) { break }
            switch token.kind {
            case .equal, .leftBrace, .comma, .semicolon, .rightParen, .rightSquare, .rightBrace, .rightAngle:
                return index
            case .leftParen, .leftSquare, .leftAngle:
                index = skipGroup(index)
            case .keyword where at(index, "where"):
                return index
            default:
                index += 1
            }
        }
        return min(index, end)
    }

    private func continuesType(_ index: Int) -> Bool {
        switch tokens[index].kind {
        case .period, .arrow, .postfixQuestionMark, .exclamationMark: true
        case .binaryOperator: at(index, "&")
        default: false
        }
    }

    /// Skips a `#if` condition: the rest of its line.
    private func skipToLineEnd(from start: Int, end: Int) -> Int {
        var index = start
        while index < end, !tokens[index].isAtStartOfLine || index == start {
            if let kind = kind(index), isOpener(kind) { index = skipGroup(index) } else { index += 1 }
        }
        return min(index, end)
    }

    private func whereClauseEnd(from start: Int, end: Int) -> Int {
        var index = start
        while index < end, kind(index) != .leftBrace {
            if let kind = kind(index), isOpener(kind) { index = skipGroup(index) } else { index += 1 }
        }
        return index
    }

    // MARK: - Helpers

    /// The last word of a parameter's names that is not an attribute's name (`_ name`,
    /// `label name`, `@MainActor name`).
    private func lastParameterName(in range: Range<Int>) -> Int? {
        range.reversed().first { isWord($0) && kind($0 - 1) != .atSign }
    }

    private func typeRef(_ range: Range<Int>) -> TypeRef {
        guard let first = range.first, let last = range.last else { return TypeRef(tokens: range, text: "") }
        // Built as UTF-8 bytes in a temporary buffer, made a `String` once (every declaration
        // has types): room for every token's bytes and a space between each two.
        let capacity = Int(tokens[last].end) - Int(tokens[first].start) + range.count
        let text = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var length = 0
            source.bytes.withUnsafeBufferPointer { bytes in
                for index in range {
                    // Keep a space after attributes and words that precede words (`some View`,
                    // `@MainActor () -> Void`); drop all other whitespace.
                    if length > 0, isWord(index),
                        endsWithWordCharacter(UnsafeBufferPointer(rebasing: buffer[..<length]), lastByte: buffer[length - 1])
                    {
                        buffer[length] = UInt8(ascii: " ")
                        length += 1
                    }
                    let token = tokens[index]
                    for offset in Int(token.start)..<Int(token.end) {
                        buffer[length] = bytes[offset]
                        length += 1
                    }
                }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<length]), as: UTF8.self)
        }
        return TypeRef(tokens: range, text: text)
    }

    /// Whether the text ends with a letter, a digit or `_` (ASCII from the last byte).
    private func endsWithWordCharacter(_ text: UnsafeBufferPointer<UInt8>, lastByte: UInt8) -> Bool {
        switch lastByte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"):
            return true
        case 0x80...:
            guard let last = String(decoding: text, as: UTF8.self).last else { return false }
            return last.isLetter || last.isNumber
        default:
            return false
        }
    }
}
