// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "PeerApp",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [.package(path: "../ModelKit")],
    targets: [.executableTarget(name: "PeerApp", dependencies: ["ModelKit"])]
)
