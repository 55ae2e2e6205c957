import FuzzDriver
import FuzzSupport

/// The tokenizer on any bytes: tokens and comments cover the input exactly, in order,
/// with whitespace flags that match the bytes between them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokenizer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    withFuzzInput(data, size) { TokenInvariants.check($0) }
}

@_cdecl("FuzzTokenizer_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    fuzz_driver_run(argc, argv, fuzzTokenizer)
}
