// swift-tools-version: 6.0
import PackageDescription

// A package that uses observation-lint's plugins as a team would, for scripts/check-plugins:
// PluginViews runs the build-tool plugin; PlainViews does not, so its diagnostic shows up
// only through the command plugin (`swift package observation-lint`). SwiftUIStandIns lets
// the views build on Linux.
let package = Package(
    name: "PluginSample",
    dependencies: [
        .package(name: "observation-lint", path: "../.."),
    ],
    targets: [
        .target(name: "SwiftUIStandIns"),
        .target(
            name: "PluginViews",
            dependencies: ["SwiftUIStandIns"],
            plugins: [.plugin(name: "ObservationLintBuildToolPlugin", package: "observation-lint")]
        ),
        .target(name: "PlainViews", dependencies: ["SwiftUIStandIns"]),
    ]
)
