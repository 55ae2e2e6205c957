// swift-tools-version: 6.0
import PackageDescription

// Tools and tests that need swift-syntax live here, apart from the main package, so that
// building `observation-lint` (or a package that uses its plugins) never resolves or
// compiles swift-syntax. Build the tools in release mode:
//   swift build -c release --package-path Benchmarks
// and run the tokenizer oracle test with `swift test --package-path Benchmarks`.
let package = Package(
    name: "ObservationLintBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "observation-lint", path: ".."),
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
    ],
    targets: [
        // The tokenizer-versus-swift-syntax comparison.
        .target(
            name: "TokenOracle",
            dependencies: [
                .product(name: "ObservationSyntax", package: "observation-lint"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]
        ),
        // `token-oracle FOLDER...`: runs the comparison on every Swift file of each folder
        // (`--throughput`: times the tokenizer and swift-syntax's parser instead).
        .executableTarget(
            name: "token-oracle",
            dependencies: [
                "TokenOracle",
                .product(name: "ObservationSyntax", package: "observation-lint"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // `observation-lint-bench FOLDER...`: the whole pipeline against swift-syntax's
        // `Parser.parse` and against reading the files, on one thread and on all cores
        // (README, "Performance").
        .executableTarget(
            name: "observation-lint-bench",
            dependencies: [
                .product(name: "ObservationSyntax", package: "observation-lint"),
                .product(name: "ObservationLintCore", package: "observation-lint"),
                .product(name: "ObservationLintRules", package: "observation-lint"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // The comparison on every Swift file of the repository: zero mismatches.
        .testTarget(name: "TokenOracleTests", dependencies: ["TokenOracle"]),
    ]
)
