import XCTest

@testable import ObservationSyntax

/// The eight-byte token: what it packs must read back, and tokens too long for its
/// length field are cut into pieces.
final class TokenLayoutTests: XCTestCase {
    func testTokenIsEightBytesAndEveryKindFitsItsField() {
        XCTAssertEqual(MemoryLayout<Token>.stride, 8)
        XCTAssertLessThanOrEqual(TokenKind.allCases.map(\.rawValue).max()!, UInt8(Token.kindMask))
    }

    func testTheBracketKindsAreExactlyTheEightPairedOnes() {
        // `isBracket` is a range test over the kinds' order.
        XCTAssertEqual(
            TokenKind.allCases.filter(\.isBracket),
            [.leftParen, .rightParen, .leftBrace, .rightBrace, .leftSquare, .rightSquare, .leftAngle, .rightAngle])
    }

    func testEveryKindAndFlagsReadBack() {
        let allFlags: [TokenFlags] = (0..<8).map { TokenFlags(rawValue: UInt8($0)) }
        for kind in TokenKind.allCases {
            for flags in allFlags {
                let end = kind.isBracket ? 1_001 : 1_000 + Token.maximumLength
                let token = Token(kind: kind, flags: flags, start: 1_000, end: end)
                XCTAssertEqual(token.kind, kind)
                XCTAssertEqual(token.flags, flags)
                XCTAssertEqual(token.range, 1_000..<end)
            }
        }
    }

    func testChangingTheKindKeepsTheRange() {
        var token = Token(kind: .binaryOperator, flags: .leadingSpace, start: 7, end: 8)
        token.kind = .leftAngle
        XCTAssertEqual(token.range, 7..<8)
        token.partnerDistance = 12
        XCTAssertEqual(token.range, 7..<8)
        XCTAssertEqual(token, Token(kind: .leftAngle, flags: .leadingSpace, start: 7, end: 8))
        var name = Token(kind: .binaryOperator, start: 3, end: 6)
        name.end -= 1
        name.flags.insert(.trailingSpace)
        XCTAssertEqual(name, Token(kind: .binaryOperator, flags: .trailingSpace, start: 3, end: 5))
    }

    func testAStringSegmentLongerThanATokenIsCutIntoSegments() {
        let length = Token.maximumLength * 2 + 10
        let source = Array("let s = \"".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: length) + Array("\"\n".utf8)
        let tokens = Tokenizer.tokenize(source).tokens
        let segments = tokens.filter { $0.kind == .stringSegment }
        XCTAssertEqual(segments.map { $0.range.count }, [Token.maximumLength, Token.maximumLength, 10])
        XCTAssertEqual(segments.first?.start, 9)
        XCTAssertTrue(zip(segments, segments.dropFirst()).allSatisfy { $0.end == $1.start })
        XCTAssertEqual(tokens.last?.kind, .stringQuote)
    }

    func testABlockCommentLongerThanATokenIsCutIntoComments() {
        let length = Token.maximumLength + 5
        let source = Array("/*".utf8) + [UInt8](repeating: UInt8(ascii: " "), count: length) + Array("*/ x".utf8)
        let result = Tokenizer.tokenize(source)
        XCTAssertEqual(result.comments.map { $0.range.count }, [Token.maximumLength, length + 4 - Token.maximumLength])
        XCTAssertEqual(result.comments.map(\.kind), [.blockComment, .blockComment])
        XCTAssertEqual(result.tokens.map(\.kind), [.identifier])
    }

    func testBracketsFarApartStillPair() {
        // More tokens between the braces than a partner distance can hold.
        let inner = String(repeating: "x;", count: Int(Token.farPartner) / 2 + 10)
        let file = ParsedFile(path: "Far.swift", bytes: Array("func f() {\(inner)}".utf8))
        let open = file.tokens.firstIndex { $0.kind == .leftBrace }!
        let close = file.tokens.lastIndex { $0.kind == .rightBrace }!
        XCTAssertEqual(file.partner[open], Int32(close))
        XCTAssertEqual(file.partner[close], Int32(open))
    }
}
