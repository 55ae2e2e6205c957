// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "ModelKit",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [.library(name: "ModelKit", targets: ["ModelKit"])],
    targets: [.target(name: "ModelKit")]
)
