import CXCB
import Glibc
import GestureWire
import Posix
@testable import GestureDesktop

/// A real X server (Xvfb) with a real window manager that keeps EWMH (openbox), started for a
/// test and stopped with it, and its windows: xterms of the test's WM_CLASS. The test's own xcb
/// connection waits for what it caused through PropertyNotify events, bounded, never sleeping.
final class HeadlessX11 {
    let server: ChildProcess
    let manager: ChildProcess
    let display: String
    let connection: OpaquePointer
    let root: xcb_window_t
    var windows: [ChildProcess] = []

    static var available: Bool {
        let path = ProcessEnvironment.current["PATH"]
        return ["Xvfb", "openbox", "xterm"].allSatisfy { ChildProcess.canRun($0, path: path) }
    }

    init() throws {
        // -displayfd: Xvfb picks a free display and writes its number once it serves.
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw DesktopError("pipe failed") }
        defer { close(fds[0]) }
        server = try ChildProcess(["Xvfb", "-displayfd", String(fds[1]), "-screen", "0", "1024x768x24", "-nolisten", "tcp"], environment: ProcessEnvironment.current, ownGroup: true)
        close(fds[1])
        var descriptor = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
        var bytes = [UInt8](repeating: 0, count: 32)
        guard poll(&descriptor, 1, 30_000) > 0, case let n = bytes.withUnsafeMutableBytes({ read(fds[0], $0.baseAddress, $0.count) }), n > 0,
              let number = Int(String(decoding: bytes[..<n], as: UTF8.self).trimmed)
        else {
            server.signalGroup(SIGTERM)
            throw DesktopError("Xvfb did not start")
        }
        display = ":\(number)"
        var screen: Int32 = 0
        guard let connection = xcb_connect(display, &screen), xcb_connection_has_error(connection) == 0 else { throw DesktopError("cannot connect to \(display)") }
        self.connection = connection
        root = xcb_setup_roots_iterator(xcb_get_setup(connection)).data.pointee.root
        var mask = UInt32(XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue)
        xcb_change_window_attributes(connection, root, UInt32(XCB_CW_EVENT_MASK.rawValue), &mask)
        xcb_flush(connection)
        var environment = ProcessEnvironment.current
        environment["DISPLAY"] = display
        manager = try ChildProcess(["openbox", "--sm-disable"], environment: environment, ownGroup: true)
        // openbox has taken over once it announces itself on the root window.
        guard waitFor(root, "_NET_SUPPORTING_WM_CHECK", seconds: 30) else { throw DesktopError("openbox did not start") }
    }

    deinit {
        for window in windows { window.signalGroup(SIGTERM); window.wait() }
        manager.signalGroup(SIGTERM)
        manager.wait()
        xcb_disconnect(connection)
        server.signalGroup(SIGTERM)
        server.wait()
    }

    func atom(_ name: String) -> xcb_atom_t {
        let reply = xcb_intern_atom_reply(connection, xcb_intern_atom(connection, 0, UInt16(name.utf8.count), name), nil)!
        defer { free(reply) }
        return reply.pointee.atom
    }

    /// Opens an xterm of WM_CLASS `windowClass`.
    func open(_ windowClass: String) throws {
        var environment = ProcessEnvironment.current
        environment["DISPLAY"] = display
        windows.append(try ChildProcess(["xterm", "-class", windowClass, "-e", "sleep", "600"], environment: environment, ownGroup: true))
    }

    /// Reads events until `window`'s property `name` changes (or is already set, for
    /// `_NET_SUPPORTING_WM_CHECK`), at most `seconds`.
    @discardableResult
    func waitFor(_ window: xcb_window_t, _ name: String, seconds: Int32 = 20) -> Bool {
        let target = atom(name)
        if name == "_NET_SUPPORTING_WM_CHECK" && value(window, target) != nil { return true }
        var left = seconds * 1000
        while left > 0 {
            while let event = xcb_poll_for_event(connection) {
                defer { free(event) }
                guard event.pointee.response_type & 0x7f == UInt8(XCB_PROPERTY_NOTIFY) else { continue }
                let notify = UnsafeRawPointer(event).assumingMemoryBound(to: xcb_property_notify_event_t.self).pointee
                if notify.window == window && notify.atom == target { return true }
            }
            var descriptor = pollfd(fd: xcb_get_file_descriptor(connection), events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 250)
            left -= 250
        }
        return false
    }

    /// Reads events until `window`'s property `name` satisfies `predicate` (checked now and at
    /// each change of it), at most 20 s.
    func waitUntil(_ window: xcb_window_t, _ name: String, _ predicate: ([UInt32]) -> Bool) -> Bool {
        let target = atom(name)
        for _ in 0..<20 {
            if predicate(value(window, target) ?? []) { return true }
            guard waitFor(window, name) else { return false }
        }
        return predicate(value(window, target) ?? [])
    }

    /// Watches `window`'s properties too.
    func watch(_ window: xcb_window_t) {
        var mask = UInt32(XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue)
        xcb_change_window_attributes(connection, window, UInt32(XCB_CW_EVENT_MASK.rawValue), &mask)
        xcb_flush(connection)
    }

    /// A window's WM_CLASS class.
    func windowClass(of window: xcb_window_t) -> String? {
        let atom = self.atom("WM_CLASS")
        guard window != 0, let reply = xcb_get_property_reply(connection, xcb_get_property(connection, 0, window, atom, 0, 0, 1024), nil) else { return nil }
        defer { free(reply) }
        let length = Int(xcb_get_property_value_length(reply))
        guard length > 0, let raw = xcb_get_property_value(reply) else { return nil }
        return Array(UnsafeRawBufferPointer(start: raw, count: length)).split(separator: 0).last.map { String(decoding: $0, as: UTF8.self) }
    }

    /// A property's 32-bit values.
    func value(_ window: xcb_window_t, _ atom: xcb_atom_t) -> [UInt32]? {
        guard let reply = xcb_get_property_reply(connection, xcb_get_property(connection, 0, window, atom, 0, 0, 1024), nil) else { return nil }
        defer { free(reply) }
        let length = Int(xcb_get_property_value_length(reply))
        guard length > 0, let raw = xcb_get_property_value(reply) else { return nil }
        return X11Provider.words(Array(UnsafeRawBufferPointer(start: raw, count: length)))
    }
}
