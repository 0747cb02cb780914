import GestureWire
import Glibc
import Posix
import Testing
@testable import GestureDesktop

/// A screen that turns, the whole way a user has it (issue 65): a real headless sway turns its
/// output; the actions runner (`gesturectl actions`, as the user unit runs it) follows its
/// screens and tells the built gestured over its socket; the touchscreen configured with
/// `rotation: follow` turns at once — every client is told (`device-changed`) — with no reload.
@Suite(.serialized, .enabled(if: HeadlessSway.available, "sway or foot is not installed (make test installs them)"))
struct TurnOnSwayTests {
    /// One line-reading connection to the daemon, each read bounded (20 s).
    final class Lines {
        let fd: Int32
        var buffer: [UInt8] = []
        /// The events read so far, by name.
        var seen: [String] = []

        init(_ path: String) throws {
            fd = try UnixSocketAddress.connect(path).get()
            var limit = timeval(tv_sec: 20, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        }

        deinit { close(fd) }

        func send(_ line: String) { _ = Array((line + "\n").utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } }

        /// The next line as JSON (nil: the end, or 20 s without one).
        func next() -> JSONValue? {
            while true {
                if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    defer { buffer.removeFirst(newline + 1) }
                    return try? JSONParser.parse(String(decoding: buffer[..<newline], as: UTF8.self))
                }
                var chunk = [UInt8](repeating: 0, count: 65536)
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return nil }
                buffer += chunk[..<count]
            }
        }

        /// Lines up to the first that satisfies `predicate` (nil: it never came).
        func first(where predicate: (JSONValue) -> Bool) -> JSONValue? {
            while let line = next() {
                if let event = line["event"]?.stringValue { seen.append(event) }
                if predicate(line) { return line }
            }
            return nil
        }
    }

    @Test func swayTurnsTheScreenAndTheTouchscreenFollowsWithoutAReload() throws {
        let sway = try HeadlessSway()
        let scratch = sway.runtime + "/turn"
        try ReplayRun.write("version: 1\nactions:\n  - gesture: edge-bottom\n    shell: echo bottom >> \"$OUT\"\n", in: scratch)
        let config = scratch + "/gestured.yml"
        guard let file = fopen(config, "w") else { throw DesktopError("cannot write \(config)") }
        fputs("version: 1\ngestures:\n  - name: edge-bottom\n    edgeSwipe: { edge: bottom }\n    region: { edge: bottom }\ndevices:\n  - match: touchscreen\n    rotation: follow\n", file)
        fclose(file)
        let socket = scratch + "/gestured.sock"
        let environment = ProcessEnvironment.current
        let daemon = try ChildProcess(
            [ReplayRun.root + "/.build/debug/gestured", "--config", config, "--replay", ReplayRun.root + "/Fixtures/real/ts-atmel-maxtouch-1finger-fast-taps.evemu",
             "--wait-subscribers", "2", "--socket", socket, "--log-level", "warning"], environment: environment)
        defer {
            kill(daemon.pid, SIGTERM)
            _ = daemon.wait()
        }
        guard HeadlessSway.waitForFile(scratch, "gestured.sock", seconds: 30) else { throw DesktopError("the daemon never listened") }
        let watcher = try Lines(socket)
        let hello = try #require(watcher.next())
        #expect(hello["devices"]?.arrayValue?.first?["orientation"]?.serialized == #"{"rotation":0,"follows":true,"setBy":"configuration"}"#)

        // The runner of the user in front, on sway's Wayland display.
        var session = environment
        session["WAYLAND_DISPLAY"] = sway.runtime + "/wayland-1"
        session["OUT"] = scratch + "/out"
        let runner = try ChildProcess(
            [ReplayRun.root + "/.build/debug/gesturectl", "actions", "--file", scratch + "/actions.yml", "--socket", socket], environment: session)
        defer {
            kill(runner.pid, SIGTERM)
            _ = runner.wait()
        }
        // sway's `transform 90`: the image a quarter turn clockwise, the panel's right edge at the
        // top — a touchscreen turned 270°, its size the other way round.
        try sway.command("output HEADLESS-1 transform 90")
        let changed = try #require(watcher.first { $0["event"] == "device-changed" && $0["device"]?["orientation"]?["rotation"] == .int(270) })
        #expect(changed["device"]?["orientation"]?.serialized == #"{"rotation":270,"follows":true,"setBy":"wayland","screen":"HEADLESS-1"}"#)
        let size = try #require(changed["device"]?["size"])
        #expect((size["width"]?.doubleValue ?? 0) < (size["height"]?.doubleValue ?? 0), "\(size.serialized)")
        // Turned back: the panel as it is.
        try sway.command("output HEADLESS-1 transform normal")
        #expect(watcher.first { $0["event"] == "device-changed" }?["device"]?["orientation"]?["rotation"] == .int(0))
        // No reload: the daemon never said its configuration changed.
        watcher.send(#"{"id": 1, "request": "devices"}"#)
        let devices = try #require(watcher.first { $0["id"] == .int(1) })
        #expect(devices["devices"]?.arrayValue?.first?["orientation"]?["setBy"] == "wayland")
        #expect(!watcher.seen.contains("config-reloaded"), "\(watcher.seen)")
    }
}
