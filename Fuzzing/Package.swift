// swift-tools-version: 6.0
import PackageDescription

// libFuzzer targets for observation-lint, in a package of their own so that the tool's
// build stays plain. Build and run them with `scripts/fuzz` (it passes
// `-sanitize=fuzzer,address` to every target, the tool's included, so that libFuzzer sees
// the tool's coverage).
let fuzzTarget: (String) -> Target = { name in
    .executableTarget(
        name: name, dependencies: ["FuzzSupport", "FuzzDriver"],
        // No Swift `main`: each target defines `TARGET_main` (SwiftPM's name for an
        // executable's entry point), which runs libFuzzer on `LLVMFuzzerTestOneInput`.
        swiftSettings: [.unsafeFlags(["-parse-as-library"])])
}

let package = Package(
    name: "observation-lint-fuzz",
    dependencies: [.package(name: "observation-lint", path: "..")],
    targets: [
        // The invariants the targets check, and the input formats they share.
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "ObservationSyntax", package: "observation-lint"),
                .product(name: "ObservationLintCore", package: "observation-lint"),
                .product(name: "ObservationLintRules", package: "observation-lint"),
            ]),
        // Hands the command line over to libFuzzer.
        .target(name: "FuzzDriver"),
        fuzzTarget("FuzzTokenizer"),
        fuzzTarget("FuzzDeclarations"),
        fuzzTarget("FuzzFile"),
        fuzzTarget("FuzzProject"),
    ]
)
