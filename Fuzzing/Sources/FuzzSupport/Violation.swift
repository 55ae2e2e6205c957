/// A broken invariant: the fuzz target stops here, printing what broke, and libFuzzer keeps
/// the input as a crash file.
public func violated(_ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    fatalError("invariant violated: \(message())", file: file, line: line)
}

/// Runs a fuzz target's body on the bytes libFuzzer hands over.
public func withFuzzInput(_ start: UnsafePointer<UInt8>?, _ count: Int, _ body: ([UInt8]) -> Void) -> Int32 {
    guard let start, count > 0 else {
        body([])
        return 0
    }
    body(Array(UnsafeBufferPointer(start: start, count: count)))
    return 0
}
