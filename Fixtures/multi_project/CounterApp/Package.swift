// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "CounterApp",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [.package(path: "../SharedKit")],
    targets: [.executableTarget(name: "CounterApp", dependencies: ["SharedKit"])]
)
