import FuzzDriver
import FuzzSupport

/// The declaration parser on any bytes: every recorded position inside its declaration,
/// members inside their type, brackets paired symmetrically, deterministic.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeclarations(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    withFuzzInput(data, size) { DeclarationInvariants.check($0) }
}

@_cdecl("FuzzDeclarations_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    fuzz_driver_run(argc, argv, fuzzDeclarations)
}
