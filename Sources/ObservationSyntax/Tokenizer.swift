public enum Tokenizer {
    /// Tokenizes Swift source bytes. Never fails: bytes it cannot make sense of become
    /// `.unknown` tokens.
    public static func tokenize(_ bytes: [UInt8]) -> TokenizedSource {
        fatalError("not implemented yet")
    }
}
