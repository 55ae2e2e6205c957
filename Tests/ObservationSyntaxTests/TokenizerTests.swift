import XCTest

@testable import ObservationSyntax

/// One test per lexical construct. Tokens are rendered as `kind:text` for readable
/// expectations.
final class TokenizerTests: XCTestCase {
    private func render(_ source: String, comments: Bool = false) -> [String] {
        let text = SourceText(source)
        let result = Tokenizer.tokenize(text.bytes)
        let tokens = comments ? result.comments : result.tokens
        return tokens.map { "\($0.kind):\(text.text(of: $0))" }
    }

    private func kinds(_ source: String) -> [TokenKind] {
        Tokenizer.tokenize(Array(source.utf8)).tokens.map(\.kind)
    }

    private func assertTokens(
        _ source: String, _ expected: [String], file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(render(source), expected, file: file, line: line)
    }

    // MARK: Identifiers and keywords

    func testIdentifiersAndKeywords() {
        assertTokens(
            "let x = foo",
            ["keyword:let", "identifier:x", "equal:=", "identifier:foo"])
        // Contextual keywords are identifiers.
        assertTokens(
            "var body: some View { get }",
            ["keyword:var", "identifier:body", "colon::", "identifier:some", "identifier:View",
             "leftBrace:{", "identifier:get", "rightBrace:}"])
        assertTokens("_ = x", ["keyword:_", "equal:=", "identifier:x"])
        assertTokens("actor A {}", ["identifier:actor", "identifier:A", "leftBrace:{", "rightBrace:}"])
    }

    func testBacktickedNames() {
        assertTokens(
            "let `default` = `class`.`self`",
            ["keyword:let", "identifier:`default`", "equal:=", "identifier:`class`", "period:.",
             "identifier:`self`"])
        // A raw identifier may hold spaces.
        assertTokens("func `test a thing`() {}", ["keyword:func", "identifier:`test a thing`", "leftParen:(",
            "rightParen:)", "leftBrace:{", "rightBrace:}"])
        // A lone backtick is an error token.
        assertTokens("` x", ["unknown:`", "identifier:x"])
    }

    func testDollarIdentifiers() {
        assertTokens(
            "map { $0 + $1 }",
            ["identifier:map", "leftBrace:{", "dollarIdentifier:$0", "binaryOperator:+", "dollarIdentifier:$1",
             "rightBrace:}"])
        assertTokens("Toggle(isOn: $model.flag)",
            ["identifier:Toggle", "leftParen:(", "identifier:isOn", "colon::", "dollarIdentifier:$model",
             "period:.", "identifier:flag", "rightParen:)"])
        assertTokens("$", ["identifier:$"])
    }

    func testUnicodeIdentifiers() {
        assertTokens(
            "let café = π * 2; let 日本 = 1",
            ["keyword:let", "identifier:café", "equal:=", "identifier:π", "binaryOperator:*", "integerLiteral:2",
             "semicolon:;", "keyword:let", "identifier:日本", "equal:=", "integerLiteral:1"])
        assertTokens("let 🐶🐮 = 1", ["keyword:let", "identifier:🐶🐮", "equal:=", "integerLiteral:1"])
    }

    func testKeywordsAsMemberNamesAndLabels() {
        assertTokens(
            "x.default + .init() + y.self + .class",
            ["identifier:x", "period:.", "identifier:default", "binaryOperator:+", "period:.", "keyword:init",
             "leftParen:(", "rightParen:)", "binaryOperator:+", "identifier:y", "period:.", "keyword:self",
             "binaryOperator:+", "period:.", "identifier:class"])
        assertTokens(
            "f(for: x, in: y)",
            ["identifier:f", "leftParen:(", "identifier:for", "colon::", "identifier:x", "comma:,",
             "identifier:in", "colon::", "identifier:y", "rightParen:)"])
        assertTokens(
            "func f(in x: Int, _ default: Int)",
            ["keyword:func", "identifier:f", "leftParen:(", "identifier:in", "identifier:x", "colon::",
             "identifier:Int", "comma:,", "keyword:_", "identifier:default", "colon::", "identifier:Int",
             "rightParen:)"])
        assertTokens(
            "counts[x, default: 0]",
            ["identifier:counts", "leftSquare:[", "identifier:x", "comma:,", "identifier:default", "colon::",
             "integerLiteral:0", "rightSquare:]"])
        // Dictionary keys and compound names keep their keywords.
        assertTokens(
            "[true: 1, false: 0]",
            ["leftSquare:[", "keyword:true", "colon::", "integerLiteral:1", "comma:,", "keyword:false",
             "colon::", "integerLiteral:0", "rightSquare:]"])
        assertTokens(
            "#selector(f(for:in:))",
            ["pound:#", "identifier:selector", "leftParen:(", "identifier:f", "leftParen:(", "keyword:for",
             "colon::", "keyword:in", "colon::", "rightParen:)", "rightParen:)"])
    }

    // MARK: Numbers

    func testNumbers() {
        assertTokens(
            "1 1_000 0x1F 0o17 0b1010 1.5 1e10 1.5e-3 0x1p4 0x1.8p-2 1_0.0_1",
            ["integerLiteral:1", "integerLiteral:1_000", "integerLiteral:0x1F", "integerLiteral:0o17",
             "integerLiteral:0b1010", "floatLiteral:1.5", "floatLiteral:1e10", "floatLiteral:1.5e-3",
             "floatLiteral:0x1p4", "floatLiteral:0x1.8p-2", "floatLiteral:1_0.0_1"])
        // Member access on an integer, tuple access.
        assertTokens("1.description", ["integerLiteral:1", "period:.", "identifier:description"])
        assertTokens("x.0.1", ["identifier:x", "period:.", "integerLiteral:0", "period:.", "integerLiteral:1"])
        assertTokens("0xff.description", ["integerLiteral:0xff", "period:.", "identifier:description"])
        assertTokens("-1", ["prefixOperator:-", "integerLiteral:1"])
        // Malformed numbers stay one literal.
        assertTokens("0b102 1abc", ["integerLiteral:0b102", "integerLiteral:1abc"])
    }

    // MARK: Strings

    func testSimpleStrings() {
        assertTokens(
            #"let s = "hello \"world\"""#,
            ["keyword:let", "identifier:s", "equal:=", "stringQuote:\"", #"stringSegment:hello \"world\""#,
             "stringQuote:\""])
        assertTokens(#""""#, ["stringQuote:\"", "stringQuote:\""])
        assertTokens("'a'", ["stringQuote:'", "stringSegment:a", "stringQuote:'"])
    }

    func testInterpolation() {
        assertTokens(
            #"Text("\(model.count) items")"#,
            ["identifier:Text", "leftParen:(", "stringQuote:\"", "backslash:\\", "leftParen:(",
             "identifier:model", "period:.", "identifier:count", "rightParen:)", "stringSegment: items",
             "stringQuote:\"", "rightParen:)"])
        // Nested string and parentheses inside an interpolation.
        assertTokens(
            #""a\(f("b\(c)", (1)))d""#,
            ["stringQuote:\"", "stringSegment:a", "backslash:\\", "leftParen:(", "identifier:f", "leftParen:(",
             "stringQuote:\"", "stringSegment:b", "backslash:\\", "leftParen:(", "identifier:c", "rightParen:)",
             "stringQuote:\"", "comma:,", "leftParen:(", "integerLiteral:1", "rightParen:)", "rightParen:)",
             "rightParen:)", "stringSegment:d", "stringQuote:\""])
    }

    func testRawStrings() {
        assertTokens(
            ##"#"raw \(not) \#(yes) "quoted""#"##,
            ["rawStringDelimiter:#", "stringQuote:\"", #"stringSegment:raw \(not) "#, "backslash:\\",
             "rawStringDelimiter:#", "leftParen:(", "identifier:yes", "rightParen:)",
             #"stringSegment: "quoted""#, "stringQuote:\"", "rawStringDelimiter:#"])
        assertTokens(
            ###"##"a "# b"##"###,
            ["rawStringDelimiter:##", "stringQuote:\"", ##"stringSegment:a "# b"##, "stringQuote:\"",
             "rawStringDelimiter:##"])
        // `#"""#` is a single-line raw string holding a quote.
        assertTokens(
            ##"#"""#"##,
            ["rawStringDelimiter:#", "stringQuote:\"", "stringSegment:\"", "stringQuote:\"", "rawStringDelimiter:#"])
    }

    func testMultilineStringWithClosureAndNestedString() {
        let source = #"""
            let s = """
                Count: \(items.map { "\($0.name)" }.joined(separator: ", "))
                  done \
                end
                """
            x
            """#
        assertTokens(
            source,
            ["keyword:let", "identifier:s", "equal:=", "multilineStringQuote:\"\"\"",
             "stringSegment:    Count: ", "backslash:\\", "leftParen:(", "identifier:items", "period:.",
             "identifier:map", "leftBrace:{", "stringQuote:\"", "backslash:\\", "leftParen:(",
             "dollarIdentifier:$0", "period:.", "identifier:name", "rightParen:)", "stringQuote:\"",
             "rightBrace:}", "period:.", "identifier:joined", "leftParen:(", "identifier:separator", "colon::",
             "stringQuote:\"", "stringSegment:, ", "stringQuote:\"", "rightParen:)", "rightParen:)",
             "stringSegment:\n      done \\\n    end\n    ", "multilineStringQuote:\"\"\"", "identifier:x"])
        let tokens = Tokenizer.tokenize(Array(source.utf8)).tokens
        XCTAssertTrue(tokens.last!.isAtStartOfLine)
    }

    func testRawMultilineString() {
        let source = ##"""
            #"""
            a \#(b) \(c) """
            """#
            """##
        assertTokens(
            source,
            ["rawStringDelimiter:#", "multilineStringQuote:\"\"\"", "stringSegment:a ", "backslash:\\",
             "rawStringDelimiter:#", "leftParen:(", "identifier:b", "rightParen:)",
             #"stringSegment: \(c) """"# + "\n", "multilineStringQuote:\"\"\"", "rawStringDelimiter:#"])
    }

    // MARK: Regex literals versus division

    func testDivisionIsNotRegex() {
        assertTokens(
            "a / b / c",
            ["identifier:a", "binaryOperator:/", "identifier:b", "binaryOperator:/", "identifier:c"])
        assertTokens("x /= 2", ["identifier:x", "binaryOperator:/=", "integerLiteral:2"])
        assertTokens("a/b/c", ["identifier:a", "binaryOperator:/", "identifier:b", "binaryOperator:/", "identifier:c"])
        assertTokens(
            "reduce(0, /)",
            ["identifier:reduce", "leftParen:(", "integerLiteral:0", "comma:,", "binaryOperator:/", "rightParen:)"])
        assertTokens("(x) / 2", ["leftParen:(", "identifier:x", "rightParen:)", "binaryOperator:/", "integerLiteral:2"])
    }

    func testRegexLiterals() {
        assertTokens(
            "let r = /fo+(o)?/",
            ["keyword:let", "identifier:r", "equal:=", "regexSlash:/", "regexPattern:fo+(o)?", "regexSlash:/"])
        assertTokens(
            "x.firstMatch(of: /\\d+ [a-z]/)",
            ["identifier:x", "period:.", "identifier:firstMatch", "leftParen:(", "identifier:of", "colon::",
             "regexSlash:/", "regexPattern:\\d+ [a-z]", "regexSlash:/", "rightParen:)"])
        assertTokens(
            "let r = #/a/b/#",
            ["keyword:let", "identifier:r", "equal:=", "regexPoundDelimiter:#", "regexSlash:/",
             "regexPattern:a/b", "regexSlash:/", "regexPoundDelimiter:#"])
        let multiline = "let r = #/\n  a # comment\n  /#"
        assertTokens(
            multiline,
            ["keyword:let", "identifier:r", "equal:=", "regexPoundDelimiter:#", "regexSlash:/",
             "regexPattern:\n  a # comment\n  ", "regexSlash:/", "regexPoundDelimiter:#"])
        // A prefix operator split off a regex literal.
        assertTokens(
            "let r = !/x/",
            ["keyword:let", "identifier:r", "equal:=", "prefixOperator:!", "regexSlash:/", "regexPattern:x",
             "regexSlash:/"])
        // A space after the opening slash makes it an operator.
        assertTokens(
            "foo(/ 1 /)",
            ["identifier:foo", "leftParen:(", "binaryOperator:/", "integerLiteral:1", "binaryOperator:/",
             "rightParen:)"])
    }

    // MARK: Comments

    func testNestedBlockComments() {
        let source = "a /* outer /* inner */ still */ b // line\n/// doc\n/** doc */ c /**/"
        assertTokens(source, ["identifier:a", "identifier:b", "identifier:c"])
        XCTAssertEqual(
            render(source, comments: true),
            ["blockComment:/* outer /* inner */ still */", "lineComment:// line", "docLineComment:/// doc",
             "docBlockComment:/** doc */", "blockComment:/**/"])
    }

    func testCommentsAreWhitespaceForOperators() {
        assertTokens("a/**/+/**/b", ["identifier:a", "binaryOperator:+", "identifier:b"])
        assertTokens("a+/* */b", ["identifier:a", "postfixOperator:+", "identifier:b"])
    }

    // MARK: Operators

    func testCustomOperators() {
        assertTokens(
            "a <*> b ∘ c",
            ["identifier:a", "binaryOperator:<*>", "identifier:b", "binaryOperator:∘", "identifier:c"])
        assertTokens("x+++ ++y", ["identifier:x", "postfixOperator:+++", "prefixOperator:++", "identifier:y"])
        assertTokens("a...b", ["identifier:a", "binaryOperator:...", "identifier:b"])
        assertTokens("0..<n", ["integerLiteral:0", "binaryOperator:..<", "identifier:n"])
        assertTokens("x?.y!", ["identifier:x", "postfixQuestionMark:?", "period:.", "identifier:y",
            "exclamationMark:!"])
        assertTokens("a ? b : c", ["identifier:a", "infixQuestionMark:?", "identifier:b", "colon::", "identifier:c"])
        assertTokens("f(&x)", ["identifier:f", "leftParen:(", "prefixAmpersand:&", "identifier:x", "rightParen:)"])
        assertTokens("a & b", ["identifier:a", "binaryOperator:&", "identifier:b"])
        assertTokens("func f() -> Int", ["keyword:func", "identifier:f", "leftParen:(", "rightParen:)",
            "arrow:->", "identifier:Int"])
        assertTokens("!flag", ["prefixOperator:!", "identifier:flag"])
        assertTokens("static func <*> (a: A, b: B)", ["keyword:static", "keyword:func", "binaryOperator:<*>",
            "leftParen:(", "identifier:a", "colon::", "identifier:A", "comma:,", "identifier:b", "colon::",
            "identifier:B", "rightParen:)"])
    }

    // MARK: Generics

    func testGenericAngles() {
        assertTokens(
            "let x: Array<Set<Int>> = []",
            ["keyword:let", "identifier:x", "colon::", "identifier:Array", "leftAngle:<", "identifier:Set",
             "leftAngle:<", "identifier:Int", "rightAngle:>", "rightAngle:>", "equal:=", "leftSquare:[",
             "rightSquare:]"])
        assertTokens(
            "var d: Dictionary<String, Int>?",
            ["keyword:var", "identifier:d", "colon::", "identifier:Dictionary", "leftAngle:<",
             "identifier:String", "comma:,", "identifier:Int", "rightAngle:>", "postfixQuestionMark:?"])
        assertTokens(
            "struct Box<T: Equatable> {}",
            ["keyword:struct", "identifier:Box", "leftAngle:<", "identifier:T", "colon::", "identifier:Equatable",
             "rightAngle:>", "leftBrace:{", "rightBrace:}"])
        assertTokens(
            "let v = Array<Int>(repeating: 0, count: 2)",
            ["keyword:let", "identifier:v", "equal:=", "identifier:Array", "leftAngle:<", "identifier:Int",
             "rightAngle:>", "leftParen:(", "identifier:repeating", "colon::", "integerLiteral:0", "comma:,",
             "identifier:count", "colon::", "integerLiteral:2", "rightParen:)"])
        // Comparisons stay operators.
        assertTokens(
            "if a < b, c > d {}",
            ["keyword:if", "identifier:a", "binaryOperator:<", "identifier:b", "comma:,", "identifier:c",
             "binaryOperator:>", "identifier:d", "leftBrace:{", "rightBrace:}"])
        assertTokens("a < b", ["identifier:a", "binaryOperator:<", "identifier:b"])
        assertTokens("x >> 2", ["identifier:x", "binaryOperator:>>", "integerLiteral:2"])
        // `>=` after a generic list is split.
        assertTokens(
            "let a: A<B>= c",
            ["keyword:let", "identifier:a", "colon::", "identifier:A", "leftAngle:<", "identifier:B",
             "rightAngle:>", "equal:=", "identifier:c"])
        assertTokens(
            "func f<T>(_ x: [T]) -> Optional<T> where T: P {}",
            ["keyword:func", "identifier:f", "leftAngle:<", "identifier:T", "rightAngle:>", "leftParen:(",
             "keyword:_", "identifier:x", "colon::", "leftSquare:[", "identifier:T", "rightSquare:]",
             "rightParen:)", "arrow:->", "identifier:Optional", "leftAngle:<", "identifier:T", "rightAngle:>",
             "keyword:where", "identifier:T", "colon::", "identifier:P", "leftBrace:{", "rightBrace:}"])
    }

    func testGenericsAfterTypealiasAndCasts() {
        assertTokens(
            "typealias Pair<A> = Map<A, Box<A>>",
            ["keyword:typealias", "identifier:Pair", "leftAngle:<", "identifier:A", "rightAngle:>", "equal:=",
             "identifier:Map", "leftAngle:<", "identifier:A", "comma:,", "identifier:Box", "leftAngle:<",
             "identifier:A", "rightAngle:>", "rightAngle:>"])
        assertTokens(
            "guard let b = x as? Box<T> else {}",
            ["keyword:guard", "keyword:let", "identifier:b", "equal:=", "identifier:x", "keyword:as",
             "postfixQuestionMark:?", "identifier:Box", "leftAngle:<", "identifier:T", "rightAngle:>",
             "keyword:else", "leftBrace:{", "rightBrace:}"])
        assertTokens(
            "let b: Box<(@Sendable () -> Void)?>",
            ["keyword:let", "identifier:b", "colon::", "identifier:Box", "leftAngle:<", "leftParen:(", "atSign:@",
             "identifier:Sendable", "leftParen:(", "rightParen:)", "arrow:->", "identifier:Void", "rightParen:)",
             "postfixQuestionMark:?", "rightAngle:>"])
    }

    func testQualifiedGenericTypes() {
        assertTokens(
            "let a: A<B>.C<D>\nvar e = 1",
            ["keyword:let", "identifier:a", "colon::", "identifier:A", "leftAngle:<", "identifier:B",
             "rightAngle:>", "period:.", "identifier:C", "leftAngle:<", "identifier:D", "rightAngle:>",
             "keyword:var", "identifier:e", "equal:=", "integerLiteral:1"])
    }

    func testGenericsInFunctionTypes() {
        assertTokens(
            "var f: (Node<A>...) -> Node<B> { get }",
            ["keyword:var", "identifier:f", "colon::", "leftParen:(", "identifier:Node", "leftAngle:<",
             "identifier:A", "rightAngle:>", "postfixOperator:...", "rightParen:)", "arrow:->", "identifier:Node",
             "leftAngle:<", "identifier:B", "rightAngle:>", "leftBrace:{", "identifier:get", "rightBrace:}"])
    }

    func testKeyPathOptionalChaining() {
        assertTokens(
            "xs.map(\\.?.value)",
            ["identifier:xs", "period:.", "identifier:map", "leftParen:(", "backslash:\\", "period:.",
             "postfixQuestionMark:?", "period:.", "identifier:value", "rightParen:)"])
    }

    func testOperatorFunctions() {
        assertTokens(
            "func ??<T>(a: T?, b: T) -> T",
            ["keyword:func", "binaryOperator:??", "leftAngle:<", "identifier:T", "rightAngle:>", "leftParen:(",
             "identifier:a", "colon::", "identifier:T", "postfixQuestionMark:?", "comma:,", "identifier:b",
             "colon::", "identifier:T", "rightParen:)", "arrow:->", "identifier:T"])
        assertTokens(
            "static func && <T>(a: T, b: T)",
            ["keyword:static", "keyword:func", "binaryOperator:&&", "leftAngle:<", "identifier:T", "rightAngle:>",
             "leftParen:(", "identifier:a", "colon::", "identifier:T", "comma:,", "identifier:b", "colon::",
             "identifier:T", "rightParen:)"])
        assertTokens(
            "static func &(a: A, b: A)",
            ["keyword:static", "keyword:func", "binaryOperator:&", "leftParen:(", "identifier:a", "colon::",
             "identifier:A", "comma:,", "identifier:b", "colon::", "identifier:A", "rightParen:)"])
    }

    func testAvailabilityVersions() {
        assertTokens(
            "@available(macOS 12.0, iOS 15.0.1, *)",
            ["atSign:@", "identifier:available", "leftParen:(", "identifier:macOS", "integerLiteral:12", "period:.",
             "integerLiteral:0", "comma:,", "identifier:iOS", "integerLiteral:15", "period:.", "integerLiteral:0",
             "period:.", "integerLiteral:1", "comma:,", "binaryOperator:*", "rightParen:)"])
        assertTokens(
            "if #available(iOS 17.0, *) {}",
            ["keyword:if", "poundKeyword:#available", "leftParen:(", "identifier:iOS", "integerLiteral:17",
             "period:.", "integerLiteral:0", "comma:,", "binaryOperator:*", "rightParen:)", "leftBrace:{",
             "rightBrace:}"])
        // Elsewhere a float stays a float.
        assertTokens("#if swift(>=5.9)", ["poundIf:#if", "identifier:swift", "leftParen:(", "prefixOperator:>=",
            "floatLiteral:5.9", "rightParen:)"])
    }

    func testMoreReservedWordsAsNames() {
        assertTokens(
            "Button {} label: {} ; f {} else: {}",
            ["identifier:Button", "leftBrace:{", "rightBrace:}", "identifier:label", "colon::", "leftBrace:{",
             "rightBrace:}", "semicolon:;", "identifier:f", "leftBrace:{", "rightBrace:}", "identifier:else",
             "colon::", "leftBrace:{", "rightBrace:}"])
        assertTokens(
            "@rethrows protocol P { func f(@B _ operator: () -> O) }",
            ["atSign:@", "identifier:rethrows", "keyword:protocol", "identifier:P", "leftBrace:{", "keyword:func",
             "identifier:f", "leftParen:(", "atSign:@", "identifier:B", "keyword:_", "identifier:operator",
             "colon::", "leftParen:(", "rightParen:)", "arrow:->", "identifier:O", "rightParen:)", "rightBrace:}"])
        assertTokens(
            "func f(@ViewBuilder else elseContent: () -> E, @B in: Int)",
            ["keyword:func", "identifier:f", "leftParen:(", "atSign:@", "identifier:ViewBuilder", "identifier:else",
             "identifier:elseContent", "colon::", "leftParen:(", "rightParen:)", "arrow:->", "identifier:E", "comma:,",
             "atSign:@", "identifier:B", "identifier:in", "colon::", "identifier:Int", "rightParen:)"])
        assertTokens(
            "@attached(extension, conformances: P)",
            ["atSign:@", "identifier:attached", "leftParen:(", "identifier:extension", "comma:,",
             "identifier:conformances", "colon::", "identifier:P", "rightParen:)"])
        assertTokens(
            "\\.[key, as: T.self]",
            ["backslash:\\", "period:.", "leftSquare:[", "identifier:key", "comma:,", "identifier:as", "colon::",
             "identifier:T", "period:.", "keyword:self", "rightSquare:]"])
    }

    // MARK: Attributes and directives

    func testAttributes() {
        assertTokens(
            "@State private var x = 0",
            ["atSign:@", "identifier:State", "keyword:private", "keyword:var", "identifier:x", "equal:=",
             "integerLiteral:0"])
        assertTokens(
            "@available(iOS 17, *)",
            ["atSign:@", "identifier:available", "leftParen:(", "identifier:iOS", "integerLiteral:17", "comma:,",
             "binaryOperator:*", "rightParen:)"])
    }

    func testPoundDirectivesInMemberList() {
        let source = """
            struct S {
                #if DEBUG
                var a: Int
                #elseif os(iOS)
                var b: Int
                #else
                var c: Int
                #endif
            }
            """
        let expected: [TokenKind] = [
            .keyword, .identifier, .leftBrace,
            .poundIf, .identifier, .keyword, .identifier, .colon, .identifier,
            .poundElseif, .identifier, .leftParen, .identifier, .rightParen, .keyword, .identifier, .colon, .identifier,
            .poundElse, .keyword, .identifier, .colon, .identifier,
            .poundEndif, .rightBrace,
        ]
        XCTAssertEqual(kinds(source), expected)
        let tokens = Tokenizer.tokenize(Array(source.utf8)).tokens
        XCTAssertTrue(tokens[3].isAtStartOfLine)
    }

    func testPoundMacros() {
        assertTokens(
            "#Preview { V() }",
            ["pound:#", "identifier:Preview", "leftBrace:{", "identifier:V", "leftParen:(", "rightParen:)",
             "rightBrace:}"])
        assertTokens(
            "#selector(f) #available(iOS 15, *)",
            ["pound:#", "identifier:selector", "leftParen:(", "identifier:f", "rightParen:)",
             "poundKeyword:#available", "leftParen:(", "identifier:iOS", "integerLiteral:15", "comma:,",
             "binaryOperator:*", "rightParen:)"])
    }

    func testShebang() {
        let source = "#!/usr/bin/swift\nprint(1)"
        assertTokens(source, ["identifier:print", "leftParen:(", "integerLiteral:1", "rightParen:)"])
        XCTAssertEqual(render(source, comments: true), ["shebang:#!/usr/bin/swift"])
    }

    // MARK: Flags

    func testFlags() {
        let tokens = Tokenizer.tokenize(Array("a b\nc(d)".utf8)).tokens
        XCTAssertEqual(tokens.count, 6)
        XCTAssertTrue(tokens[0].flags.contains(.atStartOfLine))
        XCTAssertTrue(tokens[0].flags.contains(.trailingSpace))
        XCTAssertTrue(tokens[1].flags.contains(.leadingSpace))
        XCTAssertTrue(tokens[2].flags.contains(.atStartOfLine))
        XCTAssertFalse(tokens[3].flags.contains(.leadingSpace))
        XCTAssertFalse(tokens[3].flags.contains(.atStartOfLine))
    }

    // MARK: Unterminated and invalid input

    func testUnterminatedConstructs() {
        assertTokens("\"abc\nx", ["stringQuote:\"", "stringSegment:abc", "identifier:x"])
        assertTokens("\"a\\(b\nx", ["stringQuote:\"", "stringSegment:a", "backslash:\\", "leftParen:(",
            "identifier:b", "identifier:x"])
        assertTokens("\"\"\"\nabc", ["multilineStringQuote:\"\"\"", "stringSegment:abc"])
        assertTokens("a /* never closed", ["identifier:a", "unknown:/* never closed"])
        assertTokens("#\"raw", ["rawStringDelimiter:#", "stringQuote:\"", "stringSegment:raw"])
        assertTokens("`abc", ["unknown:`", "identifier:abc"])
        assertTokens("let r = #/abc", ["keyword:let", "identifier:r", "equal:=", "regexPoundDelimiter:#",
            "regexSlash:/", "regexPattern:abc"])
    }

    func testInvalidBytes() {
        let bytes: [UInt8] = [0x61, 0x20, 0xFF, 0xFE, 0x20, 0x62, 0x00, 0xC3]
        let tokens = Tokenizer.tokenize(bytes).tokens
        XCTAssertEqual(tokens.map(\.kind), [.identifier, .unknown, .identifier, .unknown])
        XCTAssertEqual(tokens.last!.range, 6..<8)
    }
}
