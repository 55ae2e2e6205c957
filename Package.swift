// swift-tools-version: 6.0
import PackageDescription

// The tool depends on swift-argument-parser and Yams only: building it, or a package that
// uses its plugins, never resolves or compiles swift-syntax (the tokenizer oracle test and
// the benchmarks, which need it, are in the separate Benchmarks package).
let package = Package(
    name: "observation-lint",
    products: [
        .executable(name: "observation-lint", targets: ["observation-lint"]),
        .library(name: "ObservationSyntax", targets: ["ObservationSyntax"]),
        .library(name: "ObservationLintCore", targets: ["ObservationLintCore"]),
        .library(name: "ObservationLintRules", targets: ["ObservationLintRules"]),
        .plugin(name: "ObservationLintCommandPlugin", targets: ["ObservationLintCommandPlugin"]),
        .plugin(name: "ObservationLintBuildToolPlugin", targets: ["ObservationLintBuildToolPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // Tokenizer, declaration parser and body helpers.
        .target(name: "ObservationSyntax"),
        // Project index, rule API, engine, configuration, suppression, reporters.
        .target(
            name: "ObservationLintCore",
            dependencies: ["ObservationSyntax", .product(name: "Yams", package: "Yams")]
        ),
        // One file per rule, plus the registry.
        .target(name: "ObservationLintRules", dependencies: ["ObservationLintCore", "ObservationSyntax"], path: "Rules"),
        .executableTarget(
            name: "observation-lint",
            dependencies: [
                "ObservationLintCore", "ObservationLintRules",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `swift package observation-lint [ARGUMENTS]`: lints the package's targets. It asks
        // for no permission: `--fix` needs `--allow-writing-to-package-directory`.
        .plugin(
            name: "ObservationLintCommandPlugin",
            capability: .command(
                intent: .custom(verb: "observation-lint", description: "Lint the package's Swift targets with observation-lint")),
            dependencies: ["observation-lint"]
        ),
        // Lints the target it is applied to on every build, as xcode-format warnings.
        .plugin(name: "ObservationLintBuildToolPlugin", capability: .buildTool(), dependencies: ["observation-lint"]),
        .testTarget(name: "ObservationSyntaxTests", dependencies: ["ObservationSyntax"]),
        // The SARIF schema check the tests share: the official schema as a resource, and
        // Python's jsonschema to validate against it.
        .target(
            name: "SARIFSchemaCheck",
            path: "Tests/SARIFSchemaCheck",
            exclude: ["NOTICE"],
            resources: [.copy("sarif-schema-2.1.0.json")]
        ),
        .testTarget(name: "ObservationLintCoreTests", dependencies: ["ObservationLintCore", "SARIFSchemaCheck"]),
        .testTarget(
            name: "ObservationLintRulesTests",
            dependencies: ["ObservationLintRules", "ObservationLintCore"]
        ),
        .testTarget(name: "CLITests", dependencies: ["observation-lint", "SARIFSchemaCheck"]),
    ]
)
