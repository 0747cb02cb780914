import Dispatch
import Glibc
import GestureWire
import Posix
import Synchronization
import Testing
@testable import GestureDesktop

/// `gestured-overlay --display gnome-shell` as a user runs it, with its calls to gestured's GNOME
/// Shell extension answered on a real private session bus by a stand-in that keeps each frame:
/// the built gestured replays a recording on a real socket, and the frames the extension would
/// paint hold the trail where the finger rests, the lit edge and the card; once everything faded
/// the area is taken away; without the extension, or when it goes away, the program says so and
/// exits 1. The extension itself (its St.DrawingArea, its painter) runs in a real GNOME 48 in
/// `make e2e-desktops` (e2e/guest/gnome.py), and its painter is held to gestured-overlay's pixels
/// by ShellPainterTests.
@Suite(.serialized, .enabled(if: PrivateSessionBus.available, "dbus-daemon is not installed (make test installs it)"))
struct OverlayOnGnomeShellTests {
    /// The extension's overlay methods on a private bus: what it was asked, in order.
    final class ShellOverlay: @unchecked Sendable {
        let bus: PrivateSessionBus
        /// `show OUTPUT`, `draw FRAME`, `hide`, in order.
        let calls = Mutex<[String]>([])
        let called = DispatchSemaphore(value: 0)
        let stopped = Atomic<Bool>(false)
        let done = DispatchSemaphore(value: 0)
        /// Whether it leaves the bus (the extension disabled) at its next turn.
        let leave = Atomic<Bool>(false)

        init() throws {
            bus = try PrivateSessionBus(prefix: "gestured-shell-overlay")
            let service = try DBusConnection(address: bus.address)
            try service.requestName(GnomeShellProvider.service)
            try service.serve(GnomeShellProvider.path) { [self] interface, member, arguments throws(DesktopError) in
                guard interface == GnomeShellProvider.interface else { return nil }
                let argument = arguments.first?.stringValue ?? ""
                defer { called.signal() }
                switch member {
                case "OverlayShow":
                    calls.withLock { $0.append("show \(argument)") }
                    return [.int32(1280), .int32(800)]
                case "OverlayDraw":
                    calls.withLock { $0.append("draw \(argument)") }
                    return []
                case "OverlayHide":
                    calls.withLock { $0.append("hide") }
                    return []
                default: return nil
                }
            }
            DispatchQueue(label: "shell-overlay").async { [self] in
                while !stopped.load(ordering: .relaxed) {
                    if leave.load(ordering: .relaxed) {
                        try? service.releaseName(GnomeShellProvider.service)
                        leave.store(false, ordering: .relaxed)
                    }
                    guard service.process(waiting: 0.05) else { break }
                }
                done.signal()
            }
        }

        /// Waits (bounded, 20 s) until `check` holds for the calls so far; returns them.
        func wait(until check: ([String]) -> Bool) -> [String] {
            let end = MonotonicTime.seconds + 20
            while true {
                let now = calls.withLock { $0 }
                if check(now) || MonotonicTime.seconds > end { return now }
                _ = called.wait(timeout: .now() + 1)
            }
        }

        func stop() {
            guard !stopped.exchange(true, ordering: .relaxed) else { return }
            done.wait()
            bus.stop()
        }
    }

    /// Starts the daemon on `recording` and the overlay drawing through the bus at `address`,
    /// its stderr into `scratch/overlay.err`.
    static func start(_ scratch: String, address: String, recording: String, actions: String) throws -> (ChildProcess, ChildProcess) {
        let socket = scratch + "/gestured.sock"
        let daemon = try ChildProcess(
            [ReplayRun.root + "/.build/debug/gestured", "--replay", recording, "--wait-subscribers", "1", "--socket", socket, "--log-level", "warning"],
            environment: ProcessEnvironment.current, ownGroup: true)
        guard HeadlessSway.waitForFile(scratch, "gestured.sock", seconds: 30) else { throw DesktopError("the daemon never listened") }
        var environment = ProcessEnvironment.current
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        let overlay = try ChildProcess(
            ["sh", "-c", "exec \"$0\" --verbose --socket \"$1\" --display gnome-shell --file \"$2\" 2> \"$3\"", ReplayRun.root + "/.build/debug/gestured-overlay",
             socket, actions, scratch + "/overlay.err"],
            environment: environment, ownGroup: true)
        return (daemon, overlay)
    }

    /// The shapes of a frame's JSON.
    static func shapes(_ call: String) -> [JSONValue] {
        guard call.hasPrefix("draw "), let frame = try? JSONParser.parse(String(call.dropFirst(5))) else { return [] }
        return frame["shapes"]?.arrayValue ?? []
    }

    /// Whether a frame holds the trail with its head where the finger rests: 45 mm in from the
    /// left edge of a 293.6 × 165.2 mm screen, 84.6 mm down.
    static func fingerAtRest(_ call: String) -> Bool {
        shapes(call).contains { trail in
            guard trail["kind"]?.stringValue == "trail", trail["width"]?.doubleValue == 293.6,
                  let last = trail["points"]?.arrayValue?.last?.arrayValue, last.count == 3 else { return false }
            return abs((last[0].doubleValue ?? 0) - 45.5) < 1 && abs((last[1].doubleValue ?? 0) - 84.6) < 1
        }
    }

    static func litEdge(_ call: String) -> Bool { shapes(call).contains { $0["kind"]?.stringValue == "edge" && $0["edge"]?.stringValue == "left" } }
    static func card(_ call: String) -> Bool { shapes(call).contains { $0["kind"]?.stringValue == "card" } }

    /// The daemon replaying the edge swipe (its finger `held` down at the end, or lifted) and the
    /// overlay with the actions file `actions`, drawing through a stand-in for the extension;
    /// `body` gets the stand-in, the scratch folder and the two processes.
    static func overlaying(held: Bool, actions: String, _ body: (ShellOverlay, String, (ChildProcess, ChildProcess)) throws -> Void) throws {
        let shell = try ShellOverlay()
        defer { shell.stop() }
        let scratch = shell.bus.folder
        try OverlayOnSwayTests.edgeSwipe(held: held, into: scratch + "/edge.yml")
        try OverlayOnSwayTests.write(actions, to: scratch + "/actions.yml")
        let processes = try start(scratch, address: shell.bus.address, recording: scratch + "/edge.yml", actions: scratch + "/actions.yml")
        defer { OverlayOnSwayTests.stop(processes) }
        try body(shell, scratch, processes)
    }

    @Test func theFramesHoldTheTrailTheLitEdgeAndTheCard() throws {
        try Self.overlaying(held: true, actions: "version: 1\nactions: []\n") { shell, scratch, _ in
            // The finger stays down: the edge stays lit, and the last frame shows all three.
            let calls = shell.wait { $0.last.map { Self.fingerAtRest($0) && Self.litEdge($0) && Self.card($0) } ?? false }
            // Asked once whether it is there (a hide), then shown on GNOME's primary monitor.
            #expect(calls.first == "hide" && calls.dropFirst().first == "show ", "\(calls.prefix(2))")
            #expect(calls.last.map { Self.fingerAtRest($0) && Self.litEdge($0) && Self.card($0) } == true, "\(calls.last ?? "no call")")
            let said = OverlayOnSwayTests.waitForText(scratch + "/overlay.err", "shown", seconds: 15)
            #expect(said.contains("gestured-overlay: shown, 1280×800 pixels"), "\(said)")
        }
    }

    @Test func onceEverythingFadedTheAreaIsTakenAway() throws {
        try Self.overlaying(held: false, actions: "version: 1\noverlay:\n  fade: 0.2\nactions: []\n") { shell, scratch, _ in
            let calls = shell.wait { $0.count > 2 && $0.last == "hide" }
            #expect(calls.contains(where: Self.fingerAtRest), "no frame with the trail where the finger rests")
            #expect(calls.last == "hide")
            let said = OverlayOnSwayTests.waitForText(scratch + "/overlay.err", "taken away", seconds: 15)
            #expect(said.contains("gestured-overlay: shown") && said.contains("gestured-overlay: taken away"), "\(said)")
        }
    }

    @Test func whenTheExtensionGoesAwayTheOverlaySaysSoAndExits() throws {
        try Self.overlaying(held: true, actions: "version: 1\nactions: []\n") { shell, scratch, processes in
            _ = shell.wait { $0.contains { $0.hasPrefix("draw ") } }
            shell.leave.store(true, ordering: .relaxed)
            #expect(processes.1.wait() == 1 << 8)  // exit status 1
            let said = try FileReader.text(scratch + "/overlay.err")
            #expect(said.hasSuffix("gestured-overlay: gestured's GNOME Shell extension went away (disabled, or GNOME Shell stopped)\n"), "\(said)")
        }
    }

    /// `--check` says where it would draw: on GNOME's monitor through the extension, on X11 the
    /// whole screen (a Wayland output's name said and ignored), elsewhere the named output.
    @Test func checkSaysWhereItWouldDraw() throws {
        var template = Array("/tmp/gestured-overlay-check-XXXXXX".utf8CString)
        let folder = String(cString: mkdtemp(&template)!)
        defer { _ = try? ChildProcess(["rm", "-rf", folder], environment: ProcessEnvironment.current).wait() }
        try OverlayOnSwayTests.write("version: 1\noverlay: { output: eDP-1 }\nactions: []\n", to: folder + "/named.yml")
        try OverlayOnSwayTests.write("version: 1\nactions: []\n", to: folder + "/plain.yml")
        func outputLine(_ file: String, _ environment: [String: String]) throws -> String {
            let check = try ChildProcess(
                ["sh", "-c", "exec \"$0\" --check --file \"$1\" > \"$2\"", ReplayRun.root + "/.build/debug/gestured-overlay", folder + "/" + file, folder + "/out"],
                environment: ["PATH": "/usr/bin:/bin", "HOME": folder].merging(environment) { $1 })
            #expect(check.wait() == 0)
            return try FileReader.text(folder + "/out").split(separator: "\n").first { $0.hasPrefix("output: ") }.map(String.init) ?? ""
        }
        let gnome = ["WAYLAND_DISPLAY": "wayland-0", "XDG_CURRENT_DESKTOP": "GNOME"]
        #expect(try outputLine("plain.yml", gnome) == "output: GNOME's primary monitor (drawn by gestured's GNOME Shell extension)")
        #expect(try outputLine("named.yml", gnome) == "output: eDP-1 (drawn by gestured's GNOME Shell extension)")
        #expect(try outputLine("named.yml", ["DISPLAY": ":0"]) == "output: eDP-1 (a Wayland output: ignored on X11, where the whole screen is covered)")
        #expect(try outputLine("plain.yml", ["DISPLAY": ":0"]) == "output: the whole screen (X11)")
        #expect(try outputLine("named.yml", ["WAYLAND_DISPLAY": "wayland-0", "XDG_CURRENT_DESKTOP": "KDE"]) == "output: eDP-1")
    }

    @Test func withoutGnomeShellTheOverlaySaysWhy() throws {
        let bus = try PrivateSessionBus(prefix: "gestured-no-shell")
        defer { bus.stop() }
        try OverlayOnSwayTests.write("version: 1\nactions: []\n", to: bus.folder + "/actions.yml")
        var environment = ProcessEnvironment.current
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        let overlay = try ChildProcess(
            ["sh", "-c", "exec \"$0\" --display gnome-shell --file \"$1/actions.yml\" 2> \"$1/err\"", ReplayRun.root + "/.build/debug/gestured-overlay", bus.folder],
            environment: environment)
        #expect(overlay.wait() == 1 << 8)
        #expect(try FileReader.text(bus.folder + "/err")
            == "gestured-overlay: GNOME Shell does not answer on the session bus (org.gnome.Shell /org/gnome/Shell org.gnome.Shell.Extensions.GetExtensionInfo: org.freedesktop.DBus.Error.ServiceUnknown: The name org.gnome.Shell was not provided by any .service files); is this a GNOME session?\n")
    }
}
