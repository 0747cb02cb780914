import CXCB
import Glibc
import GestureWire
import Posix
import Testing
@testable import GestureDesktop

/// `gestured-overlay` on X11 as a user runs it: a real Xvfb with openbox and a compositing
/// manager (xcompmgr), the built gestured replaying a recording on a real socket; the screen's
/// pixels (the root window, where xcompmgr composes) show the trail, the lit edge and the card,
/// and the window under the pointer is the xterm, not the overlay (its input shape is empty).
@Suite(.serialized, .enabled(if: HeadlessX11.available && ChildProcess.canRun("xcompmgr", path: ProcessEnvironment.current["PATH"]), "Xvfb, openbox, xterm or xcompmgr is not installed (make test installs them)"))
struct OverlayOnX11Tests {
    /// The root window's pixels (depth 24, 32 bits a pixel: blue, green, red, unused).
    static func screen(_ x: HeadlessX11) -> (width: Int, height: Int, pixel: (Int, Int) -> (Int, Int, Int)) {
        let setup = xcb_setup_roots_iterator(xcb_get_setup(x.connection)).data.pointee
        let width = Int(setup.width_in_pixels), height = Int(setup.height_in_pixels)
        let reply = xcb_get_image_reply(x.connection, xcb_get_image(x.connection, UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), x.root, 0, 0, UInt16(width), UInt16(height), ~0), nil)
        defer { free(reply) }
        let bytes = reply.map { Array(UnsafeBufferPointer(start: xcb_get_image_data($0), count: Int(xcb_get_image_data_length($0)))) } ?? []
        return (width, height, { px, py in
            let offset = (py * width + px) * 4
            guard offset + 2 < bytes.count else { return (-1, -1, -1) }
            return (Int(bytes[offset + 2]), Int(bytes[offset + 1]), Int(bytes[offset]))
        })
    }

    /// xcompmgr on `x`'s display, once it owns _NET_WM_CM_S0.
    static func compositor(_ x: HeadlessX11) throws -> ChildProcess {
        var environment = ProcessEnvironment.current
        environment["DISPLAY"] = x.display
        let compositor = try ChildProcess(["xcompmgr"], environment: environment, ownGroup: true)
        #expect(waitForCompositor(x), "xcompmgr never took _NET_WM_CM_S0")
        return compositor
    }

    /// Waits, reading the server's events, until a compositing manager owns _NET_WM_CM_S0.
    static func waitForCompositor(_ x: HeadlessX11) -> Bool {
        var mask = UInt32(XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue | XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY.rawValue)
        xcb_change_window_attributes(x.connection, x.root, UInt32(XCB_CW_EVENT_MASK.rawValue), &mask)
        xcb_flush(x.connection)
        let selection = x.atom("_NET_WM_CM_S0")
        let end = MonotonicTime.seconds + 20
        while MonotonicTime.seconds < end {
            let owner = xcb_get_selection_owner_reply(x.connection, xcb_get_selection_owner(x.connection, selection), nil)
            defer { free(owner) }
            if let owner, owner.pointee.owner != 0 { return true }
            // xcompmgr makes a window for its selection: its CreateNotify wakes this.
            var descriptor = pollfd(fd: xcb_get_file_descriptor(x.connection), events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 250)
            while let event = xcb_poll_for_event(x.connection) { free(event) }
        }
        return false
    }

    /// The top-level window the pointer is over at (`px`, `py`), as the server picks it for a click.
    static func windowAt(_ x: HeadlessX11, _ px: Int16, _ py: Int16) -> xcb_window_t {
        xcb_warp_pointer(x.connection, 0, x.root, 0, 0, 0, 0, px, py)
        let reply = xcb_query_pointer_reply(x.connection, xcb_query_pointer(x.connection, x.root), nil)
        defer { free(reply) }
        return reply?.pointee.child ?? 0
    }

    /// The windows on the root named `name` (WM_NAME).
    static func windows(_ x: HeadlessX11, named name: String) -> [xcb_window_t] {
        guard let tree = xcb_query_tree_reply(x.connection, xcb_query_tree(x.connection, x.root), nil) else { return [] }
        defer { free(tree) }
        let children = Array(UnsafeBufferPointer(start: xcb_query_tree_children(tree), count: Int(xcb_query_tree_children_length(tree))))
        return children.filter { window in
            guard let reply = xcb_get_property_reply(x.connection, xcb_get_property(x.connection, 0, window, UInt32(XCB_ATOM_WM_NAME.rawValue), UInt32(XCB_ATOM_STRING.rawValue), 0, 64), nil) else { return false }
            defer { free(reply) }
            let length = Int(xcb_get_property_value_length(reply))
            guard length > 0, let raw = xcb_get_property_value(reply) else { return false }
            return String(decoding: UnsafeRawBufferPointer(start: raw, count: length), as: UTF8.self) == name
        }
    }

    @Test func theTrailTheEdgeAndTheCardAreOnTheScreenAndClicksGoThrough() throws {
        let x = try HeadlessX11()
        let compositor = try Self.compositor(x)
        defer {
            compositor.signalGroup(SIGTERM)
            _ = compositor.wait()
        }
        try x.open("gestured-under")
        #expect(x.waitUntil(x.root, "_NET_ACTIVE_WINDOW") { ($0.first ?? 0) != 0 })
        let scratch = try Self.scratch()
        defer { _ = try? ChildProcess(["rm", "-rf", scratch], environment: ProcessEnvironment.current).wait() }
        try OverlayOnSwayTests.edgeSwipe(held: true, into: scratch + "/edge-held.yml")
        // OVERLAY.md's own `output:` (a Wayland output's name): said and ignored on X11, never an exit (issue 60).
        try OverlayOnSwayTests.write("version: 1\noverlay: { output: eDP-1 }\nactions: []\n", to: scratch + "/actions.yml")
        let processes = try OverlayOnSwayTests.start(display: x.display, scratch, recording: scratch + "/edge-held.yml", actions: scratch + "/actions.yml")
        defer { OverlayOnSwayTests.stop(processes) }
        let said = OverlayOnSwayTests.waitForText(scratch + "/overlay.err", "shown", seconds: 15)
        #expect(said.contains("gestured-overlay: shown, 1024×768 pixels"))
        #expect(said.contains("gestured-overlay: on X11 the overlay covers the whole screen; `output: eDP-1` names a Wayland output and is ignored here (docs/OVERLAY.md)"))

        // The finger rests at (45.5, 84.6) mm of 293.6 × 165.2 mm: on the 1024 × 768 screen, (158, 393).
        let end = MonotonicTime.seconds + 15
        var drawn = false
        while !drawn, MonotonicTime.seconds < end {
            let shot = Self.screen(x)
            drawn = OverlayOnSwayTests.blue(shot.pixel(shot.width * 455 / 2936, shot.height * 846 / 1652))
                && shot.pixel(4, shot.height / 2) != shot.pixel(40, shot.height / 2) && shot.pixel(shot.width / 2, 50) != shot.pixel(shot.width / 2, 300)
        }
        #expect(drawn, "no trail, lit edge and card on the screen")

        // Over the xterm, under the overlay: a click there is the xterm's (its frame's), not the overlay's.
        let overlays = Self.windows(x, named: "gestured-overlay")
        #expect(overlays.count == 1)
        let under = Self.windowAt(x, 300, 300)
        #expect(under != 0 && !overlays.contains(under))
    }

    @Test func onceEverythingFadedTheScreenIsAsItWasAndTheWindowIsGone() throws {
        let x = try HeadlessX11()
        let compositor = try Self.compositor(x)
        defer {
            compositor.signalGroup(SIGTERM)
            _ = compositor.wait()
        }
        // The screen as xcompmgr paints it (its grey everywhere), not Xvfb's own pattern before it
        // first repaints: a plain window over everything, mapped and destroyed, has it repaint all.
        let cover = xcb_generate_id(x.connection)
        var values: [UInt32] = [0, 1]  // back pixel black, override-redirect
        let setup = xcb_setup_roots_iterator(xcb_get_setup(x.connection)).data.pointee
        xcb_create_window(
            x.connection, 0, cover, x.root, 0, 0, setup.width_in_pixels, setup.height_in_pixels, 0, UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), 0,
            UInt32(XCB_CW_BACK_PIXEL.rawValue | XCB_CW_OVERRIDE_REDIRECT.rawValue), &values)
        xcb_map_window(x.connection, cover)
        xcb_destroy_window(x.connection, cover)
        xcb_flush(x.connection)
        // (Uniform and not black: the black window itself, still shown, is uniform too.)
        let repainted = { (shot: (width: Int, height: Int, pixel: (Int, Int) -> (Int, Int, Int))) in Self.uniform(shot) && shot.pixel(0, 0) != (0, 0, 0) }
        var before = Self.screen(x)
        let settled = MonotonicTime.seconds + 15
        while !repainted(before), MonotonicTime.seconds < settled { before = Self.screen(x) }
        #expect(repainted(before), "xcompmgr never repainted the screen")
        let scratch = try Self.scratch()
        defer { _ = try? ChildProcess(["rm", "-rf", scratch], environment: ProcessEnvironment.current).wait() }
        try OverlayOnSwayTests.edgeSwipe(held: false, into: scratch + "/edge.yml")
        try OverlayOnSwayTests.write("version: 1\noverlay:\n  fade: 0.2\nactions: []\n", to: scratch + "/actions.yml")
        let processes = try OverlayOnSwayTests.start(display: x.display, scratch, recording: scratch + "/edge.yml", actions: scratch + "/actions.yml")
        defer { OverlayOnSwayTests.stop(processes) }
        let said = OverlayOnSwayTests.waitForText(scratch + "/overlay.err", "taken away", seconds: 15)
        #expect(said.contains("gestured-overlay: shown") && said.contains("gestured-overlay: taken away"), "\(said)")
        #expect(Self.windows(x, named: "gestured-overlay").isEmpty)
        // xcompmgr repaints what the window covered once it is gone: the screen as before, read
        // until it is (bounded), since the repaint is the compositor's, in its own time.
        let end = MonotonicTime.seconds + 15
        var same = false
        while !same, MonotonicTime.seconds < end {
            let after = Self.screen(x)
            same = after.width == before.width && after.height == before.height
            for y in stride(from: 0, to: before.height, by: 3) where same {
                for px in stride(from: 0, to: before.width, by: 3) where before.pixel(px, y) != after.pixel(px, y) {
                    same = false
                    break
                }
            }
        }
        var differing = "nothing"
        if !same {
            let after = Self.screen(x)
            var found: [String] = []
            for y in stride(from: 0, to: before.height, by: 3) where found.count < 6 {
                for px in stride(from: 0, to: before.width, by: 3) where before.pixel(px, y) != after.pixel(px, y) && found.count < 6 {
                    found.append("(\(px), \(y)): \(before.pixel(px, y)) → \(after.pixel(px, y))")
                }
            }
            differing = found.joined(separator: "; ")
        }
        #expect(same, "the screen differs from before the overlay: \(differing)")
    }

    /// Whether every third pixel of every third row has the first one's colour.
    static func uniform(_ shot: (width: Int, height: Int, pixel: (Int, Int) -> (Int, Int, Int))) -> Bool {
        let first = shot.pixel(0, 0)
        for y in stride(from: 0, to: shot.height, by: 3) {
            for px in stride(from: 0, to: shot.width, by: 3) where shot.pixel(px, y) != first { return false }
        }
        return true
    }

    /// Issue 60, the dotfiles scenario: the overlay's actions file a link into a dotfiles folder;
    /// an editor's save at the target, the link re-pointed and a mistake are each seen at once
    /// (what the cards name and what `overlay:` draws), the mistake keeping the previous file.
    @Test func theOverlayReloadsALinkedFileAsItChanges() throws {
        let x = try HeadlessX11()
        let compositor = try Self.compositor(x)
        defer {
            compositor.signalGroup(SIGTERM)
            _ = compositor.wait()
        }
        let scratch = try Self.scratch()
        defer { _ = try? ChildProcess(["rm", "-rf", scratch], environment: ProcessEnvironment.current).wait() }
        #expect(mkdir(scratch + "/dotfiles", 0o755) == 0 && mkdir(scratch + "/laptop", 0o755) == 0)
        try OverlayOnSwayTests.write("version: 1\nactions: []\n", to: scratch + "/dotfiles/actions.yml")
        #expect(symlink("dotfiles/actions.yml", scratch + "/actions.yml") == 0)
        try OverlayOnSwayTests.edgeSwipe(held: true, into: scratch + "/edge-held.yml")
        let processes = try OverlayOnSwayTests.start(display: x.display, scratch, recording: scratch + "/edge-held.yml", actions: scratch + "/actions.yml")
        defer { OverlayOnSwayTests.stop(processes) }
        #expect(OverlayOnSwayTests.waitForText(scratch + "/overlay.err", "connected to gestured", seconds: 30).contains("connected to gestured"))
        /// An editor's atomic save: a new file renamed over the old one.
        func save(_ text: String, at path: String) throws {
            try OverlayOnSwayTests.write(text, to: path + ".swp")
            #expect(rename(path + ".swp", path) == 0)
        }
        try save("version: 1\noverlay: { colour: \"#ff0000\" }\nactions:\n  - gesture: edge-left\n    run: [true]\n", at: scratch + "/dotfiles/actions.yml")
        #expect(OverlayOnSwayTests.waitForText(scratch + "/overlay.err", "changed on disk: 1 action from", seconds: 15)
            .contains("gestured-overlay: changed on disk: 1 action from \(scratch)/actions.yml"))
        try save("version: 1\nactions:\n  - gesture: edge-left\n    run: [true]\n  - gesture: edge-right\n    run: [true]\n", at: scratch + "/laptop/actions.yml")
        #expect(symlink("laptop/actions.yml", scratch + "/actions.yml.new") == 0 && rename(scratch + "/actions.yml.new", scratch + "/actions.yml") == 0)
        #expect(OverlayOnSwayTests.waitForText(scratch + "/overlay.err", "changed on disk: 2 actions from", seconds: 15).contains("changed on disk: 2 actions from"))
        try save("version: 1\nactions:\n  - gesture: edge-left\n    later: yes\n", at: scratch + "/laptop/actions.yml")
        let said = OverlayOnSwayTests.waitForText(scratch + "/overlay.err", "keeping the previous", seconds: 15)
        #expect(said.contains("gestured-overlay: changed on disk: keeping the previous actions and settings; the file has a mistake: \(scratch)/actions.yml:4: unknown key `later`"), "\(said)")
    }

    static func scratch() throws -> String {
        var template = Array("/tmp/gestured-overlay-x11-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw DesktopError("mkdtemp failed") }
        return String(cString: made)
    }
}
