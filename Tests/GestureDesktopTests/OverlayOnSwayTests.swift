import CCairo
import Glibc
import GestureWire
import Posix
import Testing
@testable import GestureDesktop

/// `gestured-overlay` as a user runs it under a real sway (headless): the built gestured replays
/// a recording on a real socket, the overlay draws on a layer surface, and grim's screenshots
/// show what is on the output — the trail where the finger rests, the lit edge and the
/// gesture's card — and, once everything faded, the output as it was; a click on a window under
/// the overlay still reaches it.
@Suite(.serialized, .enabled(if: HeadlessSway.available && ChildProcess.canRun("grim", path: ProcessEnvironment.current["PATH"]), "sway, foot or grim is not installed (make test installs them)"))
struct OverlayOnSwayTests {
    /// The constructed edge swipe (one finger from the left edge 45 mm inward), with the finger
    /// still down at the end (`held`) or lifted.
    static func edgeSwipe(held: Bool, into path: String) throws {
        var lines = try FileReader.text(ReplayRun.root + "/Fixtures/constructed/edge-swipe-left.yml").split(separator: "\n", omittingEmptySubsequences: false)
        // Its last frame lifts the finger: `- evdev:` and four events.
        if held { lines.removeLast(lines.last == "" ? 6 : 5) }
        try write(lines.joined(separator: "\n") + "\n", to: path)
    }

    static func write(_ text: String, to path: String) throws {
        guard let file = fopen(path, "w") else { throw DesktopError("cannot write \(path)") }
        fputs(text, file)
        fclose(file)
    }

    /// A screenshot of the output, read back with cairo: a pixel reader (red, green, blue).
    static func screenshot(_ sway: HeadlessSway, _ path: String) throws -> (width: Int, height: Int, pixel: (Int, Int) -> (Int, Int, Int)) {
        unlink(path)
        let grim = try ChildProcess(["grim", path], environment: ["PATH": "/usr/bin:/bin", "WAYLAND_DISPLAY": sway.runtime + "/wayland-1"])
        guard grim.wait() == 0, let surface = cairo_image_surface_create_from_png(path), cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw DesktopError("grim took no screenshot")
        }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let bytes = Array(UnsafeBufferPointer(start: data, count: stride * height))
        cairo_surface_destroy(surface)
        return (width, height, { x, y in
            let offset = y * stride + x * 4  // xRGB, little-endian: B G R x
            return (Int(bytes[offset + 2]), Int(bytes[offset + 1]), Int(bytes[offset]))
        })
    }

    /// Screenshots until `check` holds for one (each takes its own time: no sleep), or 15 s.
    static func until(_ sway: HeadlessSway, _ path: String, _ check: (Int, Int, (Int, Int) -> (Int, Int, Int)) -> Bool) throws -> Bool {
        let end = MonotonicTime.seconds + 15
        while MonotonicTime.seconds < end {
            let shot = try screenshot(sway, path)
            if check(shot.width, shot.height, shot.pixel) { return true }
        }
        return false
    }

    /// The overlay's blue (`#3daee9`), within rounding.
    static func blue(_ colour: (Int, Int, Int)) -> Bool {
        abs(colour.0 - 0x3d) <= 3 && abs(colour.1 - 0xae) <= 3 && abs(colour.2 - 0xe9) <= 3
    }

    /// Starts the daemon on `recording` and the overlay on sway, its stderr into `scratch/overlay.err`.
    static func start(_ sway: HeadlessSway, _ scratch: String, recording: String, actions: String) throws -> (ChildProcess, ChildProcess) {
        try start(display: sway.runtime + "/wayland-1", scratch, recording: recording, actions: actions)
    }

    /// Starts the daemon on `recording` and the overlay on `display`, its stderr into `scratch/overlay.err`.
    static func start(display: String, _ scratch: String, recording: String, actions: String) throws -> (ChildProcess, ChildProcess) {
        let socket = scratch + "/gestured.sock"
        let daemon = try ChildProcess(
            [ReplayRun.root + "/.build/debug/gestured", "--replay", recording, "--wait-subscribers", "1", "--socket", socket, "--log-level", "warning"],
            environment: ProcessEnvironment.current, ownGroup: true)
        guard HeadlessSway.waitForFile(scratch, "gestured.sock", seconds: 30) else { throw DesktopError("the daemon never listened") }
        let overlay = try ChildProcess(
            ["sh", "-c", "exec \"$0\" --verbose --socket \"$1\" --display \"$2\" --file \"$3\" 2> \"$4\"", ReplayRun.root + "/.build/debug/gestured-overlay",
             socket, display, actions, scratch + "/overlay.err"],
            environment: ProcessEnvironment.current, ownGroup: true)
        return (daemon, overlay)
    }

    /// Waits (inotify on its folder, which sees the file made and written; bounded) until `path`
    /// holds `text`; returns what it holds.
    static func waitForText(_ path: String, _ text: String, seconds: Double) -> String {
        let watch = inotify_init1(Int32(IN_CLOEXEC))
        defer { close(watch) }
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        _ = inotify_add_watch(watch, folder, UInt32(IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE))
        let end = MonotonicTime.seconds + seconds
        while true {
            let held = (try? FileReader.text(path)) ?? ""
            let left = end - MonotonicTime.seconds
            if held.contains(text) || left <= 0 { return held }
            var descriptor = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, Int32(left * 1000)) > 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                _ = buffer.withUnsafeMutableBytes { read(watch, $0.baseAddress, $0.count) }
            }
        }
    }

    static func stop(_ processes: (ChildProcess, ChildProcess)) {
        for process in [processes.1, processes.0] {
            process.signalGroup(SIGTERM)
            _ = process.wait()
        }
    }

    @Test func theTrailTheEdgeAndTheCardAreOnTheOutputAndClicksGoThrough() throws {
        let sway = try HeadlessSway()
        try sway.command("focus_follows_mouse no")
        try sway.open("gestured-left")
        try sway.open("gestured-right")  // focused: the output's right half
        let scratch = sway.runtime + "/overlay"
        mkdir(scratch, 0o755)
        try Self.edgeSwipe(held: true, into: scratch + "/edge-held.yml")
        try Self.write("version: 1\nactions: []\n", to: scratch + "/actions.yml")
        let processes = try Self.start(sway, scratch, recording: scratch + "/edge-held.yml", actions: scratch + "/actions.yml")
        defer { Self.stop(processes) }

        // The finger rests 45.5 mm from the left and 84.6 mm down a 293.6 × 165.2 mm screen: on the
        // 1280 × 720 output, at (198, 369). The left edge is lit; the card is at the top, in the middle.
        let drawn = try Self.until(sway, scratch + "/shot.png") { width, height, pixel in
            Self.blue(pixel(width * 455 / 2936, height * 846 / 1652)) && pixel(4, height / 2) != pixel(40, height / 2)
                && pixel(width / 2, 50) != pixel(width / 2, 200)
        }
        #expect(drawn, "no trail, lit edge and card on the screenshot")
        // Kept for a look (and for the README's picture, docs/overlay.png).
        _ = try? ChildProcess(["cp", scratch + "/shot.png", ReplayRun.root + "/.build/overlay-on-sway.png"], environment: ProcessEnvironment.current).wait()
        #expect(try FileReader.text(scratch + "/overlay.err").contains("gestured-overlay: shown, 1280×720 pixels"))
        // Connected, it gave back the pages only starting used (StartupPages), and draws on.
        #expect(try FileReader.text(scratch + "/overlay.err").contains("gestured-overlay: started: unmapped the code only starting ran"))

        // A click on the left window, under the overlay, reaches it: sway gives it the focus.
        try sway.command("seat seat0 cursor set 400 400")
        try sway.command("seat seat0 cursor press button1")
        try sway.command("seat seat0 cursor release button1")
        try sway.waitFor { message, event in
            message.type == I3Message.windowEvent && event["change"] == "focus" && event["container"]?["app_id"]?.stringValue == "gestured-left"
        }
    }

    @Test func onceEverythingFadedTheOutputIsAsItWasAndTheSurfaceIsGone() throws {
        let sway = try HeadlessSway()
        let scratch = sway.runtime + "/overlay"
        mkdir(scratch, 0o755)
        let before = try Self.screenshot(sway, scratch + "/before.png")
        try Self.edgeSwipe(held: false, into: scratch + "/edge.yml")
        try Self.write("version: 1\noverlay:\n  fade: 0.2\nactions: []\n", to: scratch + "/actions.yml")
        let processes = try Self.start(sway, scratch, recording: scratch + "/edge.yml", actions: scratch + "/actions.yml")
        defer { Self.stop(processes) }
        // Shown for the swipe, then taken away: the card's confirmation (0.8 s) and the fade (0.2 s).
        let said = Self.waitForText(scratch + "/overlay.err", "taken away", seconds: 15)
        #expect(said.contains("gestured-overlay: shown") && said.contains("gestured-overlay: taken away"), "\(said)")
        let after = try Self.screenshot(sway, scratch + "/after.png")
        var same = after.width == before.width && after.height == before.height
        for y in stride(from: 0, to: before.height, by: 3) where same {
            for x in stride(from: 0, to: before.width, by: 3) where before.pixel(x, y) != after.pixel(x, y) {
                same = false
                break
            }
        }
        #expect(same, "the output differs from before the overlay")
    }
}
