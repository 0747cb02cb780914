// swift-tools-version: 6.0
// Generated from Package.swift by scripts/package-6.0.py: do not edit. What a Swift 6.0 or 6.1
// toolchain (Debian 13's swiftlang 6.0.3) reads; Swift 6.2 and newer read Package.swift.
import PackageDescription

import class Foundation.ProcessInfo

// gestured: a multitouch gesture engine for Linux.
//
// Dependencies point one way: executables → daemon/client → wire/input → core.
// GestureCore is pure Swift: no Foundation I/O, no Dispatch, no clock, no C.
let package = Package(
    name: "gestured",
    products: [
        .executable(name: "gesturectl", targets: ["gesturectl"]),
        .executable(name: "gestured", targets: ["gestured"]),
        .executable(name: "gestured-actions", targets: ["gestured-actions"]),
        .executable(name: "gestured-overlay", targets: ["gestured-overlay"]),
        .library(name: "GestureCore", targets: ["GestureCore"]),
        .library(name: "GestureTesting", targets: ["GestureTesting"]),
        .library(name: "Evdev", targets: ["Evdev"]),
        .library(name: "GestureWire", targets: ["GestureWire"]),
        .library(name: "GesturePipeline", targets: ["GesturePipeline"]),
        .library(name: "LinuxInput", targets: ["LinuxInput"]),
        .library(name: "GestureClient", targets: ["GestureClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    ],
    targets: [
        .target(name: "GestureCore", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        .target(
            name: "GestureTesting",
            dependencies: ["GestureCore", "Evdev", .product(name: "RealModule", package: "swift-numerics")]),
        // YAML through libyaml, as nodes with their lines: the configuration, actions and strokes
        // files, libinput record recordings, fusuma's files.
        .target(name: "YAML", dependencies: ["CYAML"]),
        .target(name: "Evdev", dependencies: ["GestureCore", "YAML"]),
        // Forwarding a grabbed device (docs/OWNERSHIP.md): the forwarder's decisions, pure, and
        // what they need of the I/O (a twin to write, a node to split, a recognizer to ask),
        // which LinuxInput's twin and node and the daemon's hub provide.
        .target(name: "GestureForwarding", dependencies: ["Evdev", "GestureCore"]),
        // The protocol: JSON, requests, messages, and its framing (LineSplitter, a NIO decoder
        // shared by the daemon and the client).
        .target(name: "GestureWire", dependencies: ["GestureCore", .product(name: "NIOCore", package: "swift-nio")]),
        // A SwiftNIO event loop as a task executor: how the daemon, the runner, the overlay and
        // the client library run their async code on one loop, without libdispatch's pool.
        .target(name: "LoopExecutor", dependencies: [.product(name: "NIOCore", package: "swift-nio")]),
        .target(
            name: "GestureClient",
            dependencies: [
                "GestureWire", "GestureCore", "LoopExecutor",
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            ]),
        .target(
            name: "GestureDaemon",
            dependencies: [
                "Descriptors",
                "GestureCore", "GestureWire", "GesturePipeline", "GestureRouting", "GestureForwarding", "Evdev", "LinuxInput", "Posix", "CSystemd", "CInputLibraries",
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]),
        // The package's one executable: the daemon, and gesturectl and gestured-actions by those
        // names (ProgramByName); the programs themselves are the three *Program libraries.
        .executableTarget(name: "gestured", dependencies: ["DaemonProgram", "ActionsProgram", "CtlProgram", "Posix"]),
        .target(
            name: "DaemonProgram",
            dependencies: [
                "GestureDaemon", "GesturePipeline", "GestureWire", "LoopExecutor", "PlainOptions", "Posix",
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Declarations only: CInputLibraries defines the functions and opens the libraries when
        // first called, so that the runner and gesturectl, the same executable, never load them.
        .systemLibrary(name: "CLibinput", providers: [.apt(["libinput-dev", "libudev-dev"])]),
        .systemLibrary(name: "CLibevdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // sd-login (the seats' active sessions, for the daemon's access policy, docs/SECURITY.md)
        // and sd-bus (KWin, for the desktop providers).
        .systemLibrary(name: "CSystemd", providers: [.apt(["libsystemd-dev"])]),
        .target(name: "CInputLibraries"),
        // sd-bus's declarations alone: GestureDesktop opens libsystemd when it first talks to a bus.
        .systemLibrary(name: "CSystemdBus", providers: [.apt(["libsystemd-dev"])]),
        // libxkbcommon: key names with the user's layout (GestureKeys).
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon", providers: [.apt(["libxkbcommon-dev"])]),
        // Key names to evdev codes with the user's layout (libxkbcommon), for gesturectl and the
        // actions runner; the daemon does not link it.
        .target(name: "GestureKeys", dependencies: ["CXKBCommon", "CLibevdev", "GestureWire", "Posix"]),
        // The focused window and window actions, from the desktop's own interface, for the actions
        // runner and the view; the daemon does not link it.
        .target(name: "GestureDesktop", dependencies: ["GestureActions", "GestureCore", "GestureWire", "Posix", "CXCB", "CWlrToplevel", "CWaylandOutputs", "CSystemdBus"]),
        // wlr-foreign-toplevel-management's interfaces, written out, over libwayland-client. Written
        // out, not made by wayland-scanner (libwayland-bin, installed) at build time: the wlr
        // protocols' XML is packaged by neither Debian 12 nor 13 (no wlr-protocols package;
        // wayland-protocols carries no zwlr_* protocol), and the repository keeps no copy of it.
        .target(name: "CWlrToplevel", linkerSettings: [.linkedLibrary("wayland-client")]),
        // Core wl_output (libwayland-client's own interface): how each screen is turned.
        .target(name: "CWaylandOutputs", linkerSettings: [.linkedLibrary("wayland-client")]),
        // xcb's declarations alone (no pkg-config, whose libraries would be linked): GestureDesktop opens libxcb on X11.
        .systemLibrary(name: "CXCB", providers: [.apt(["libxcb1-dev"])]),
        // Expat: touchegg's XML, for the importers only (the daemon and the runner never link it).
        .systemLibrary(name: "CExpat", pkgConfig: "expat", providers: [.apt(["libexpat1-dev"])]),
        // Linux headers the Glibc module leaves out (signalfd).
        .systemLibrary(name: "CLinux"),
        .target(name: "LinuxInput", dependencies: ["CLibinput", "CInputLibraries", "CLibevdev", "CLinux", "Evdev", "GestureCore", "GestureForwarding", "Posix"]),
        // What every reader of a configuration or a recording needs: the configuration, the
        // devices' bindings, recordings loaded and replayed through the one pipeline.
        .target(
            name: "GesturePipeline",
            dependencies: ["GestureCore", "Evdev", "YAML", "GestureWire", "Posix"]),
        // The daemon's own rooms: who may connect and see which seats, which subscriber gets
        // which event, whose keys are down. Only the daemon (its tests and tools) links it.
        .target(name: "GestureRouting", dependencies: ["GesturePipeline", "GestureCore", "GestureWire", "Evdev"]),
        // `gesturectl view`, all of it: the page, its HTTP and WebSocket server on loopback, replays
        // for it, the live messages and the trackers, the Actions panel's desk.
        .target(
            name: "GestureView",
            dependencies: [
                "GestureActions", "GestureClient", "GestureCommandLine", "GestureDesktop", "GestureImport", "GestureKeys", "GestureRunner",
                "GesturePipeline", "GestureWire", "GestureCore", "Evdev", "Posix", "YAML",
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            resources: [
                .embedInCode("Page/view.html"), .embedInCode("Page/view.css"), .embedInCode("Page/view.js"), .embedInCode("Page/actions.js"),
            ]),
        // Other gesture tools' configurations as actions files (gesturectl import).
        // The actions file, what it runs (ActionTracker) and the strokes file: the actions runner's,
        // the importers' and the view's, never the daemon's.
        .target(name: "GestureActions", dependencies: ["GesturePipeline", "GestureCore", "GestureWire", "YAML", "Evdev", "Posix"]),
        .target(name: "GestureImport", dependencies: ["GestureActions", "GesturePipeline", "GestureWire", "GestureCore", "Evdev", "YAML", "CExpat", "CLibevdev"]),
        // The C library's file, environment and process calls, for what Foundation did (issue 12).
        // dl_iterate_phdr and madvise for Posix's StartupPages, in C of its own (_GNU_SOURCE).
        .target(name: "CStartupPages"),
        .target(name: "Posix", dependencies: ["CStartupPages"]),
        // Descriptors the kernel fills with records, read on an event loop: the daemon's and the
        // actions runner's signals, sessions and file watch (no libinput).
        .target(
            name: "Descriptors",
            dependencies: ["CLinux", "Posix", .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio")]),
        // What gesturectl, gestured-actions and gestured-overlay share on a command line: the
        // connection to the daemon and its refusal, exit statuses, the user's configuration folder
        // and strokes file, stdout. Without swift-argument-parser (and so FoundationEssentials),
        // which gestured-actions does not link.
        .target(name: "GestureCommandLine", dependencies: ["GestureActions", "GestureClient", "GestureCore", "GestureWire", "PlainOptions", "Posix"]),
        // A command line of long options read without swift-argument-parser (which links
        // FoundationEssentials): the daemon's and gestured-actions', laid out and worded as the
        // parser does; exit statuses.
        .target(name: "PlainOptions", dependencies: ["GestureWire", "Posix"]),
        // The options gesturectl and gestured-overlay read with swift-argument-parser: --socket,
        // the overlay's, exit messages.
        .target(
            name: "GestureOptions",
            dependencies: ["GestureCommandLine", "Posix", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // The actions runner (`gesturectl actions`, `gestured-actions`): its loop, its processes,
        // its keys; linked by the user service's program without the importers and the view.
        .target(
            name: "GestureRunner",
            dependencies: [
                "GestureActions", "GestureClient", "GestureCommandLine", "GestureCore", "GestureDesktop", "GestureKeys",
                "GesturePipeline", "GestureWire", "Descriptors", "LoopExecutor", "PlainOptions", "Posix",
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            ]),
        // `gestured-overlay`: what the overlay draws, decided event by event (pure, with time passed in)…
        .target(name: "GestureOverlay", dependencies: ["GestureActions", "GestureCore", "GesturePipeline", "GestureWire"]),
        // …and painted with cairo and pango on a surface above the desktop (or, on GNOME Shell, handed to
        // the painter in gestured's extension over the session bus, GestureDesktop's DBusConnection).
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        // wlr-layer-shell's interfaces, written out (as CWlrToplevel's, above), and the overlay's
        // layer surface over libwayland-client.
        .target(name: "CLayerShell", linkerSettings: [.linkedLibrary("wayland-client")]),
        // The overlay's window on X11 (override-redirect, ARGB, an empty input shape), over xcb.
        .target(name: "CX11Overlay", linkerSettings: [.linkedLibrary("xcb"), .linkedLibrary("xcb-shape")]),
        .target(name: "OverlayScreen", dependencies: ["GestureOverlay", "GestureActions", "GestureClient", "GestureDesktop", "GestureWire", "CCairo", "CLayerShell", "CX11Overlay", "CLinux"]),
        .executableTarget(
            name: "gestured-overlay",
            dependencies: [
                "Descriptors", "GestureActions", "GestureClient", "GestureCommandLine", "GestureCore", "GestureOptions", "GestureOverlay", "GesturePipeline", "PlainOptions", "GestureWire", "LoopExecutor", "OverlayScreen", "Posix",
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"), .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // A build folder's runner and gesturectl alone, as the tests run them.
        .executableTarget(name: "gestured-actions", dependencies: ["ActionsProgram"]),
        .executableTarget(name: "gesturectl", dependencies: ["CtlProgram"]),
        .target(name: "ActionsProgram", dependencies: ["GestureRunner", "PlainOptions", "Posix"]),
        .target(
            name: "CtlProgram",
            dependencies: [
                "GestureActions", "GestureClient", "GestureCommandLine", "GestureCore", "GestureDesktop", "GestureImport", "GestureKeys",
                "GestureOptions", "GesturePipeline", "GestureRunner", "GestureView", "GestureWire", "Evdev", "PlainOptions", "Posix", "YAML",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "gesture-tour", dependencies: ["GestureCore", "GestureTesting", "GestureWire"]),
        .executableTarget(name: "engine-profile", dependencies: ["GestureTesting", "GestureCore", "GestureForwarding", "Evdev"]),
        // The daemon's whole path for a frame, node to subscriber, for `make bench-path` (issue 52).
        .executableTarget(
            name: "path-profile",
            dependencies: [
                "GestureDaemon", "GestureTesting", "GestureCore", "GesturePipeline", "LinuxInput", "Evdev",
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // `make bench-strokes`: how well drawn strokes are named (docs/BENCHMARKS.md).
        .executableTarget(name: "stroke-accuracy", dependencies: ["GestureCore", "GestureTesting"]),
        // `make bench`: the daemon's latency, CPU and memory with many clients; replay throughput.
        .executableTarget(name: "daemon-bench", dependencies: ["GesturePipeline", "GestureWire"]),
        .testTarget(
            name: "GestureCoreTests",
            dependencies: ["GestureCore", "GestureTesting", .product(name: "RealModule", package: "swift-numerics")]),
        .testTarget(name: "GestureTestingTests", dependencies: ["GestureCore", "GestureTesting"]),
        .testTarget(name: "EvdevTests", dependencies: ["Evdev", "GestureCore"]),
        .testTarget(name: "GestureForwardingTests", dependencies: ["GestureForwarding", "Evdev", "GestureCore"]),
        .testTarget(name: "YAMLTests", dependencies: ["YAML"]),
        .testTarget(name: "GestureActionsTests", dependencies: ["GestureActions", "GesturePipeline", "GestureCore", "GestureWire", "YAML", "Posix"]),
        .testTarget(name: "LoopExecutorTests", dependencies: ["LoopExecutor", .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio")]),
        .testTarget(name: "GestureWireTests", dependencies: ["GestureWire", "GestureCore"]),
        .testTarget(
            name: "GestureDaemonTests",
            dependencies: [
                "GestureDaemon", "GestureCore", "GesturePipeline", "GestureRouting", "GestureForwarding", "GestureWire", "Evdev", "LinuxInput",
                .product(name: "NIOEmbedded", package: "swift-nio"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"), .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(name: "LinuxInputTests", dependencies: ["LinuxInput", "Evdev", "GestureCore"]),
        // Runs the built gesturectl binary; depending on it makes `swift build --build-tests` build it.
        .testTarget(name: "gesturectlTests", dependencies: ["gesturectl"]),
        .testTarget(name: "GestureRunnerTests", dependencies: ["GestureRunner", "GestureActions", "GesturePipeline", "GestureWire", "PlainOptions", "Posix"]),
        // Runs the built gestured, gesturectl and gestured-actions binaries as processes, and the Python example.
        .testTarget(
            name: "gesturedTests",
            dependencies: [
                "GestureActions", "gestured", "gesturectl", "gestured-actions", "gestured-overlay", "GestureWire", "GestureClient", "GestureCore", "GesturePipeline", .product(name: "NIOCore", package: "swift-nio"),
            ]),
        .testTarget(name: "DescriptorsTests", dependencies: ["Descriptors", .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio")]),
        .testTarget(name: "GestureKeysTests", dependencies: ["GestureKeys", "GestureWire"]),
        .testTarget(name: "PosixTests", dependencies: ["Posix"]),
        // Runs a real sway (headless) with foot, and the built gestured and gesturectl against it.
        .testTarget(name: "GestureCommandLineTests", dependencies: ["GestureCommandLine"]),
        .testTarget(name: "GestureOptionsTests", dependencies: ["GestureOptions"]),
        .testTarget(name: "PlainOptionsTests", dependencies: ["PlainOptions", "GestureWire"]),
        .testTarget(name: "GestureOverlayTests", dependencies: ["GestureOverlay", "GestureActions", "GesturePipeline"]),
        .testTarget(name: "OverlayScreenTests", dependencies: ["OverlayScreen", "GestureOverlay", "GestureActions", "GestureClient", "GestureWire", "CCairo", "Posix"]),
        .testTarget(
            name: "GestureDesktopTests",
            dependencies: ["GestureActions", "GestureCore", "GestureDesktop", "GesturePipeline", "GestureWire", "Posix", "CXCB", "CCairo", "gestured", "gesturectl", "gestured-overlay"],
            // The tests' own X clients call xcb directly (CXCB declares, links nothing).
            linkerSettings: [.linkedLibrary("xcb")]),
        .testTarget(
            name: "GestureViewTests",
            dependencies: [
                "GestureView", "GestureActions", "GestureClient", "GesturePipeline", "GestureWire", "GestureCore", "Evdev", "Posix",
            ]),
        .testTarget(name: "GestureImportTests", dependencies: ["GestureActions", "GestureImport", "GesturePipeline", "GestureWire", "GestureCore", "GestureTesting", "Evdev", "YAML"]),
        .testTarget(
            name: "GesturePipelineTests",
            dependencies: ["GesturePipeline", "GestureCore", "GestureTesting", "Evdev", "GestureWire"]),
        .testTarget(name: "GestureRoutingTests", dependencies: ["GestureRouting", "GesturePipeline", "GestureCore", "GestureWire", "Evdev"]),
    ]
)

// `make bench` (ordo-one/benchmark, which needs package traits) is left out: it needs
// Swift 6.2 and Package.swift.

// `make fuzz` sets GESTURED_FUZZ=1 (in a build folder of its own, built with
// `--sanitize=fuzzer --sanitize=address`) to add the libFuzzer harnesses (docs/RELIABILITY.md).
if ProcessInfo.processInfo.environment["GESTURED_FUZZ"] != nil {
    package.targets.append(
        .executableTarget(
            name: "gestured-fuzz", dependencies: ["GestureActions", "GestureWire", "GesturePipeline", "GestureImport", "GestureForwarding", "Evdev", "GestureCore"], path: "Fuzz/Harnesses"))
}
