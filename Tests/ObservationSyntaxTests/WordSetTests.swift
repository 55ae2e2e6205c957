import Testing

@testable import ObservationSyntax

/// `WordSet`: a token's text looked up among fixed words by its bytes.
@Suite struct WordSetTests {
    static let words: [StaticString] = ["public", "private", "fileprivate", "static", "class", "open", "_"]

    /// Every word token of `text`, with whether the set holds it.
    static func lookups(_ text: String) -> [(String, Bool)] {
        let set = WordSet(words)
        let bytes = Array(text.utf8)
        return Tokenizer.tokenize(bytes).tokens.map { token in
            (String(decoding: bytes[token.range], as: UTF8.self), set.contains(token, in: bytes))
        }
    }

    @Test func findsEveryWordAndNothingElse() {
        let found = Self.lookups("public private fileprivate static class open _ publicly priv Open opens o _x")
        #expect(found.filter(\.1).map(\.0) == ["public", "private", "fileprivate", "static", "class", "open", "_"])
        #expect(found.filter { !$0.1 }.map(\.0) == ["publicly", "priv", "Open", "opens", "o", "_x"])
    }

    @Test func wordsThatShareLengthAndEndsAreToldApart() {
        // Same length, first and last byte: one bucket, compared byte by byte.
        let set = WordSet(["abcd", "axyd"])
        let bytes = Array("abcd axyd abyd".utf8)
        let tokens = Tokenizer.tokenize(bytes).tokens
        #expect(tokens.map { set.contains($0, in: bytes) } == [true, true, false])
    }
}
