// swift-tools-version: 6.1
import PackageDescription

// gestured: a multitouch gesture engine for Linux.
//
// Dependencies point one way: executables → daemon/client → wire/input → core.
// GestureCore is pure Swift: no Foundation I/O, no Dispatch, no clock, no C.
let package = Package(
    name: "gestured",
    products: [
        .library(name: "GestureCore", targets: ["GestureCore"]),
        .library(name: "GestureTesting", targets: ["GestureTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
    ],
    targets: [
        .target(name: "GestureCore", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        .target(name: "GestureTesting", dependencies: ["GestureCore"]),
        .testTarget(
            name: "GestureCoreTests",
            dependencies: ["GestureCore", "GestureTesting", .product(name: "RealModule", package: "swift-numerics")]),
        .testTarget(name: "GestureTestingTests", dependencies: ["GestureCore", "GestureTesting"]),
    ]
)
