// The token oracle: compares ObservationSyntax's tokenizer with swift-syntax's parser
// token by token. The `TokenOracleTests` test target runs it on every Swift file of the
// repository, and the `token-oracle` tool runs it in release mode on any folder.
//
// What is compared: every token of `Parser.parse(source:)`'s tree in source-accurate
// view, skipping missing and zero-length tokens and the end of file, against our
// `tokens`: same byte range (hence same text) and same `TokenCategory`. Comments (which
// are trivia in swift-syntax) are compared with our `comments`: same range, same kind.
//
// The mapping from swift-syntax's token kinds to categories is lexical:
// - `.keyword(k)` is a keyword only if `k` is lexer-classified (a reserved word);
//   contextual keywords (`get`, `some`, `async`, ...) are identifiers for the lexer,
//   the parser alone makes them keywords. `_` (`.wildcard`) is a keyword.
// - `.ellipsis` is an operator: the lexer lexes `...` as an operator, and the parser
//   renames it where it marks a variadic parameter or a pack.
// - `.backtick` (a backtick that opens no identifier) is unknown, as ours.
// - `.shebang` is compared with the comments.
//
// One normalization: string literal text. swift-syntax's lexer makes one string segment
// per line of a multi-line string and splits after escaped line breaks, and its parser
// then moves the indentation of each line and the line break before the closing `"""`
// into trivia. Our tokenizer makes one segment of all the text between two delimiters
// (quotes, `\(`, `)` of an interpolation). So a run of consecutive swift-syntax segments
// is compared as the byte range it covers together with the trivia the parser moved out
// of it: from the first segment's leading trivia to the last segment's trailing trivia
// and the leading trivia of the delimiter that follows. When the parser dropped the
// segment altogether (a line holding only indentation before the closing `"""` or a
// `\(`), that delimiter's leading trivia is the run. Empty runs (as in `"\(x)"`) are
// dropped, as we emit no empty segments. The delimiters themselves, and every token of
// an interpolation, are compared as they are, so a string we lex wrongly still shows.

import Foundation
@_spi(Testing) import SwiftParser
import SwiftSyntax
import ObservationSyntax

public struct TokenOracleMismatch: Sendable, CustomStringConvertible {
    public var path: String
    public var offset: Int
    public var line: Int
    public var column: Int
    /// Our token at this offset (`kind [category] "text"`), or `-` when we have none.
    public var ours: String
    /// swift-syntax's token at this offset, or `-`.
    public var theirs: String
    /// A guess at the construct involved, for reports.
    public var construct: String
    /// The source line, trimmed.
    public var lineText: String

    public var description: String {
        "\(path):\(line):\(column) (offset \(offset)) [\(construct)] ours: \(ours) | swift-syntax: \(theirs) | \(lineText)"
    }
}

public struct TokenOracleReport: Sendable {
    public var path: String
    /// swift-syntax's tokens compared (after the string normalization).
    public var tokenCount = 0
    /// Comments compared.
    public var commentCount = 0
    /// Total mismatches (tokens and comments).
    public var mismatchCount = 0
    /// The first mismatches, up to the cap given to `compare`.
    public var mismatches: [TokenOracleMismatch] = []
    /// All mismatches by construct (see `TokenOracleMismatch.construct`).
    public var constructCounts: [String: Int] = [:]
}

public enum TokenOracle {
    struct Item {
        var start: Int
        var end: Int
        var category: String
        var kind: String
    }

    /// Compares the tokenizer with swift-syntax on one file.
    public static func compare(bytes: [UInt8], path: String, maxRecorded: Int = 50) -> TokenOracleReport {
        let source = SourceText(bytes: bytes)
        let ours = Tokenizer.tokenize(bytes)
        let (theirTokens, theirComments) = swiftSyntaxItems(bytes)
        let ourTokens = ours.tokens.map {
            Item(start: Int($0.start), end: Int($0.end), category: $0.kind.category.rawValue, kind: "\($0.kind)")
        }
        let ourComments = ours.comments.map {
            Item(start: Int($0.start), end: Int($0.end), category: "comment", kind: "\($0.kind)")
        }
        var report = TokenOracleReport(path: path)
        report.tokenCount = theirTokens.count
        report.commentCount = theirComments.count
        diff(ourTokens, theirTokens, compareKinds: false, source: source, report: &report, maxRecorded: maxRecorded)
        diff(ourComments, theirComments, compareKinds: true, source: source, report: &report, maxRecorded: maxRecorded)
        return report
    }

    // MARK: swift-syntax's side

    static func category(of kind: SwiftSyntax.TokenKind) -> String {
        switch kind {
        case .identifier, .dollarIdentifier:
            return "identifier"
        case .keyword:
            return kind.isLexerClassifiedKeyword ? "keyword" : "identifier"
        case .wildcard, .poundIf, .poundElse, .poundElseif, .poundEndif, .poundAvailable, .poundUnavailable,
            .poundSourceLocation:
            return "keyword"
        case .integerLiteral, .floatLiteral, .stringSegment, .regexLiteralPattern:
            return "literal"
        case .binaryOperator, .prefixOperator, .postfixOperator, .ellipsis:
            return "operator"
        case .unknown, .backtick:
            return "unknown"
        case .shebang:
            return "comment"
        default:
            return "punctuation"
        }
    }

    static func kindName(_ kind: SwiftSyntax.TokenKind) -> String {
        switch kind {
        case .keyword(let keyword): return "keyword(\(keyword))"
        default:
            let text = "\(kind)"
            if let paren = text.firstIndex(of: "(") { return String(text[..<paren]) }
            return text
        }
    }

    /// The closing quote of a multi-line string, or the `\` of an interpolation in one:
    /// tokens whose leading trivia is string text the parser moved out of a segment.
    static func isStringDelimiterAfterText(_ token: TokenSyntax) -> Bool {
        switch token.tokenKind {
        case .multilineStringQuote:
            return token.keyPathInParent == \StringLiteralExprSyntax.closingQuote
        case .backslash:
            guard token.keyPathInParent == \ExpressionSegmentSyntax.backslash else { return false }
            return token.parent?.parent?.parent?.as(StringLiteralExprSyntax.self)?.openingQuote.tokenKind
                == .multilineStringQuote
        default:
            return false
        }
    }

    static func swiftSyntaxItems(_ bytes: [UInt8]) -> (tokens: [Item], comments: [Item]) {
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        var tokens: [Item] = []
        var comments: [Item] = []
        tokens.reserveCapacity(bytes.count / 4)

        func addComments(_ trivia: Trivia, from start: Int) {
            var offset = start
            for piece in trivia {
                let length = piece.sourceLength.utf8Length
                let kind: String?
                switch piece {
                case .lineComment: kind = "lineComment"
                case .docLineComment: kind = "docLineComment"
                case .blockComment: kind = "blockComment"
                case .docBlockComment: kind = "docBlockComment"
                default: kind = nil
                }
                if let kind { comments.append(Item(start: offset, end: offset + length, category: "comment", kind: kind)) }
                offset += length
            }
        }

        // A run of string segments being merged: start, end.
        var run: (start: Int, end: Int)? = nil
        func flushRun(nextLeadingTriviaEnd: Int?) {
            guard var current = run else { return }
            if let nextLeadingTriviaEnd { current.end = max(current.end, nextLeadingTriviaEnd) }
            if current.end > current.start {
                tokens.append(Item(start: current.start, end: current.end, category: "literal", kind: "stringSegment"))
            }
            run = nil
        }

        for token in tree.tokens(viewMode: .sourceAccurate) {
            let position = token.position.utf8Offset
            let start = token.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = token.endPositionBeforeTrailingTrivia.utf8Offset
            let endWithTrivia = token.endPosition.utf8Offset
            addComments(token.leadingTrivia, from: position)
            addComments(token.trailingTrivia, from: end)
            if case .stringSegment = token.tokenKind, token.presence == .present {
                if run == nil {
                    run = (position, endWithTrivia)
                } else {
                    run!.end = endWithTrivia
                }
                continue
            }
            if run != nil {
                // The delimiter after the text takes the trivia the parser moved out of it.
                switch token.tokenKind {
                case .stringQuote, .multilineStringQuote, .singleQuote, .backslash:
                    flushRun(nextLeadingTriviaEnd: start)
                default:
                    flushRun(nextLeadingTriviaEnd: nil)
                }
            } else if start > position, isStringDelimiterAfterText(token) {
                // A multi-line string's indentation alone (before its closing quote or an
                // interpolation), which the parser turned into this delimiter's trivia.
                run = (position, position)
                flushRun(nextLeadingTriviaEnd: start)
            }
            guard token.presence == .present, end > start else { continue }
            if case .endOfFile = token.tokenKind { continue }
            let kind = token.tokenKind
            if case .shebang = kind {
                comments.append(Item(start: start, end: end, category: "comment", kind: "shebang"))
                continue
            }
            tokens.append(Item(start: start, end: end, category: category(of: kind), kind: kindName(kind)))
        }
        flushRun(nextLeadingTriviaEnd: nil)
        comments.sort { $0.start < $1.start }
        return (tokens, comments)
    }

    // MARK: Comparison

    static func diff(
        _ ours: [Item], _ theirs: [Item], compareKinds: Bool, source: SourceText, report: inout TokenOracleReport,
        maxRecorded: Int
    ) {
        var i = 0
        var j = 0
        func record(_ our: Item?, _ their: Item?) {
            report.mismatchCount += 1
            let kind = construct(our, their, source)
            report.constructCounts[kind, default: 0] += 1
            guard report.mismatches.count < maxRecorded else { return }
            let offset = min(our?.start ?? Int.max, their?.start ?? Int.max)
            let location = source.location(of: offset)
            func describe(_ item: Item?) -> String {
                guard let item else { return "-" }
                var text = source.text(item.start..<item.end)
                if text.count > 40 { text = String(text.prefix(37)) + "..." }
                text = text.replacingOccurrences(of: "\n", with: "\\n")
                return "\(item.kind) [\(item.category)] \"\(text)\" @\(item.start)..<\(item.end)"
            }
            var line = source.lineText(location.line).trimmingCharacters(in: .whitespaces)
            if line.count > 120 { line = String(line.prefix(117)) + "..." }
            report.mismatches.append(
                TokenOracleMismatch(
                    path: report.path, offset: offset, line: location.line, column: location.column,
                    ours: describe(our), theirs: describe(their), construct: kind,
                    lineText: line))
        }
        while i < ours.count || j < theirs.count {
            guard i < ours.count else {
                record(nil, theirs[j])
                j += 1
                continue
            }
            guard j < theirs.count else {
                record(ours[i], nil)
                i += 1
                continue
            }
            let our = ours[i]
            let their = theirs[j]
            if our.start == their.start {
                if our.end != their.end || our.category != their.category || (compareKinds && our.kind != their.kind) {
                    record(our, their)
                }
                i += 1
                j += 1
            } else if our.start < their.start {
                record(our, nil)
                i += 1
            } else {
                record(nil, their)
                j += 1
            }
        }
    }

    /// Names the construct a mismatch is about, from the kinds and text involved.
    static func construct(_ our: Item?, _ their: Item?, _ source: SourceText) -> String {
        let kinds = [our?.kind ?? "", their?.kind ?? ""]
        func involves(_ names: String...) -> Bool {
            kinds.contains { kind in names.contains { kind.hasPrefix($0) } }
        }
        if involves("leftAngle", "rightAngle") { return "generic angle bracket" }
        if involves("regex") { return "regex literal" }
        if involves("stringSegment", "stringQuote", "multilineStringQuote", "singleQuote", "rawString") {
            return "string literal"
        }
        if involves("lineComment", "blockComment", "docLineComment", "docBlockComment", "shebang") { return "comment" }
        if let our, let their, our.start == their.start, our.end == their.end {
            if our.category == "keyword" || their.category == "keyword" { return "reserved word used as a name" }
            return "token classification (\(our.category) vs \(their.category))"
        }
        if involves("integerLiteral", "floatLiteral") { return "number literal" }
        if involves("binaryOperator", "prefixOperator", "postfixOperator", "exclamationMark", "postfixQuestionMark",
            "infixQuestionMark", "equal", "arrow", "prefixAmpersand", "period")
        {
            return "operator"
        }
        return "token boundary"
    }

    // MARK: Invariants

    /// The tokenizer's output invariants on any input: at most one token per byte (plus
    /// one), every token and comment within bounds, non-empty, in order, none
    /// overlapping. Returns the first violation.
    public static func invariantViolation(in bytes: [UInt8]) -> String? {
        let result = Tokenizer.tokenize(bytes)
        let count = bytes.count
        if result.tokens.count > count + 1 { return "\(result.tokens.count) tokens for \(count) bytes" }
        if result.comments.count > count + 1 { return "\(result.comments.count) comments for \(count) bytes" }
        var all = result.tokens + result.comments
        for token in all where token.start >= token.end || Int(token.end) > count {
            return "token \(token.kind) \(token.range) empty or out of bounds (\(count) bytes)"
        }
        all.sort { $0.start < $1.start }
        for (previous, next) in zip(all, all.dropFirst()) where previous.end > next.start {
            return "overlapping or unordered: \(previous.kind) \(previous.range), \(next.kind) \(next.range)"
        }
        for list in [result.tokens, result.comments] {
            for (previous, next) in zip(list, list.dropFirst()) where previous.start >= next.start {
                return "out of order: \(previous.kind) \(previous.range), \(next.kind) \(next.range)"
            }
        }
        return nil
    }

    // MARK: Files

    /// The `.swift` files under a folder (or the file itself), sorted, skipping build
    /// folders and hidden folders.
    public static func swiftFiles(under path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
        if !isDirectory.boolValue { return path.hasSuffix(".swift") ? [path] : [] }
        let root = URL(fileURLWithPath: path)
        guard
            let enumerator = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isDirectoryKey, .isRegularFileKey, .isSymbolicLinkKey],
                options: [])
        else { return [] }
        var files: [String] = []
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            let values = try? url.resourceValues(forKeys: [.isDirectoryKey, .isRegularFileKey, .isSymbolicLinkKey])
            if values?.isDirectory == true {
                if name.hasPrefix(".") || name == ".build" { enumerator.skipDescendants() }
                continue
            }
            if name.hasSuffix(".swift") && values?.isRegularFile == true { files.append(url.path) }
        }
        return files.sorted()
    }
}
