import CXCB
import GestureActions
import Glibc
import Posix
import Synchronization

/// An X11 desktop whose window manager keeps EWMH (openbox, xfwm4, KWin and Mutter on X11,
/// i3, …), through xcb: the focus is the root window's `_NET_ACTIVE_WINDOW`, followed by
/// PropertyNotify events, with the window's `WM_CLASS` and `_NET_WM_NAME`; window actions are
/// EWMH client messages to the root window, as pagers and taskbars send them.
public final class X11Provider: DesktopProvider, @unchecked Sendable {
    public let name: String
    let display: String
    let state = Mutex<FocusedWindow?>(nil)
    /// The window the focus is on, whose title changes are followed too.
    let active = Mutex<xcb_window_t>(0)
    let stopped = Atomic<Bool>(false)
    var connection: OpaquePointer?
    var root: xcb_window_t = 0
    var atoms: [String: xcb_atom_t] = [:]
    /// Told of every change of focus, on the provider's own thread (set before ``start()``).
    public var onFocusChange: (@Sendable (FocusedWindow?) -> Void)?

    static let atomNames = [
        "_NET_ACTIVE_WINDOW", "_NET_WM_NAME", "UTF8_STRING", "WM_CLASS", "WM_NAME", "_NET_CLOSE_WINDOW", "_NET_WM_STATE", "_NET_WM_STATE_MAXIMIZED_VERT",
        "_NET_WM_STATE_MAXIMIZED_HORZ", "_NET_WM_STATE_FULLSCREEN", "WM_CHANGE_STATE", "_NET_CURRENT_DESKTOP", "_NET_NUMBER_OF_DESKTOPS",
        "_NET_SHOWING_DESKTOP", "_NET_SUPPORTED", "_NET_WM_DESKTOP",
    ]

    /// A provider for X display `display` (`:0`).
    public init(display: String) {
        self.display = display
        name = "X11 (EWMH on display \(display))"
    }

    deinit {
        if let connection { xcb_disconnect(connection) }
    }

    public func start() throws(DesktopError) {
        if case .failure(let error) = LazyLibrary.xcb.opened { throw error }
        var screen: Int32 = 0
        guard let connection = xcb_connect(display, &screen), xcb_connection_has_error(connection) == 0 else {
            throw DesktopError("cannot connect to X display \(display)")
        }
        self.connection = connection
        var roots = xcb_setup_roots_iterator(xcb_get_setup(connection))
        for _ in 0..<screen { xcb_screen_next(&roots) }
        root = roots.data.pointee.root
        for name in Self.atomNames {
            let cookie = xcb_intern_atom(connection, 0, UInt16(name.utf8.count), name)
            guard let reply = xcb_intern_atom_reply(connection, cookie, nil) else { throw DesktopError("X: cannot intern \(name)") }
            atoms[name] = reply.pointee.atom
            free(reply)
        }
        var mask = UInt32(XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue)
        xcb_change_window_attributes(connection, root, UInt32(XCB_CW_EVENT_MASK.rawValue), &mask)
        xcb_flush(connection)
        refresh()
        try followOnItsOwnThread { [weak self] in self?.follow() }
    }

    public func focused() -> FocusedWindow? { state.withLock { $0 } }

    public func stop() { stopped.store(true, ordering: .relaxed) }

    /// The events: the active window changed, or its title did.
    func follow() {
        guard let connection else { return }
        while !stopped.load(ordering: .relaxed) {
            guard let event = xcb_wait_for_event(connection) else {
                set(nil)
                return
            }
            defer { free(event) }
            guard event.pointee.response_type & 0x7f == UInt8(XCB_PROPERTY_NOTIFY) else { continue }
            let notify = UnsafeRawPointer(event).assumingMemoryBound(to: xcb_property_notify_event_t.self).pointee
            if notify.window == root && notify.atom == atoms["_NET_ACTIVE_WINDOW"] {
                refresh()
            } else if notify.window == active.withLock({ $0 }), notify.atom == atoms["_NET_WM_NAME"] || notify.atom == atoms["WM_NAME"] {
                refresh()
            }
        }
    }

    /// Reads the active window and its class and title.
    func refresh() {
        guard let connection, let window = property(root, "_NET_ACTIVE_WINDOW").flatMap({ Self.words($0).first }), window != 0 else {
            set(nil)
            return
        }
        let previous = active.withLock { old in
            defer { old = window }
            return old
        }
        if previous != window {
            // Its title changes are followed while it has the focus.
            var mask = UInt32(XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue)
            xcb_change_window_attributes(connection, window, UInt32(XCB_CW_EVENT_MASK.rawValue), &mask)
            xcb_flush(connection)
        }
        // WM_CLASS: instance, then class, each NUL-terminated.
        let classes = property(window, "WM_CLASS").map { bytes in bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) } } ?? []
        let title = (property(window, "_NET_WM_NAME") ?? property(window, "WM_NAME")).map { String(decoding: $0, as: UTF8.self) } ?? ""
        guard let app = classes.last else {
            set(FocusedWindow(app: "", title: title))
            return
        }
        set(FocusedWindow(app: app, otherNames: classes.dropLast().filter { $0 != app }, title: title))
    }

    func set(_ window: FocusedWindow?) {
        let changed = state.withLock { old in
            defer { old = window }
            return old != window
        }
        if changed { onFocusChange?(window) }
    }

    /// A property's bytes (any type), or nil.
    func property(_ window: xcb_window_t, _ name: String) -> [UInt8]? {
        guard let connection, let atom = atoms[name] else { return nil }
        let cookie = xcb_get_property(connection, 0, window, atom, 0, 0, 4096)
        guard let reply = xcb_get_property_reply(connection, cookie, nil) else { return nil }
        defer { free(reply) }
        let length = Int(xcb_get_property_value_length(reply))
        guard length > 0, let value = xcb_get_property_value(reply) else { return nil }
        return Array(UnsafeRawBufferPointer(start: value, count: length))
    }

    /// 32-bit values of a property.
    static func words(_ bytes: [UInt8]) -> [UInt32] {
        stride(from: 0, to: bytes.count - 3, by: 4).map { i in bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: i, as: UInt32.self) } }
    }

    public func perform(_ action: WindowAction) throws(DesktopError) {
        guard let connection, xcb_connection_has_error(connection) == 0 else { throw DesktopError("the X display \(display) went away") }
        let supported = Set(property(root, "_NET_SUPPORTED").map(Self.words) ?? [])
        func need(_ name: String) throws(DesktopError) -> xcb_atom_t {
            guard let atom = atoms[name], supported.contains(atom) else { throw DesktopError("the window manager does not support \(name) (EWMH)") }
            return atom
        }
        let window = active.withLock { $0 }
        switch action {
        case .close:
            guard window != 0 else { throw DesktopError("no window has the focus") }
            send(try need("_NET_CLOSE_WINDOW"), to: window, [0, 2, 0, 0, 0])
        case .maximize:
            guard window != 0 else { throw DesktopError("no window has the focus") }
            let state = try need("_NET_WM_STATE")
            send(state, to: window, [2, try need("_NET_WM_STATE_MAXIMIZED_VERT"), try need("_NET_WM_STATE_MAXIMIZED_HORZ"), 2, 0])
        case .fullscreen:
            guard window != 0 else { throw DesktopError("no window has the focus") }
            send(try need("_NET_WM_STATE"), to: window, [2, try need("_NET_WM_STATE_FULLSCREEN"), 0, 2, 0])
        case .minimize:
            guard window != 0, let change = atoms["WM_CHANGE_STATE"] else { throw DesktopError("no window has the focus") }
            send(change, to: window, [3, 0, 0, 0, 0])  // IconicState (ICCCM)
        case .showDesktop:
            let showing = property(root, "_NET_SHOWING_DESKTOP").flatMap { Self.words($0).first } ?? 0
            send(try need("_NET_SHOWING_DESKTOP"), to: root, [showing == 0 ? 1 : 0, 0, 0, 0, 0])
        case .workspace(let target):
            send(try need("_NET_CURRENT_DESKTOP"), to: root, [try desktop(target), 0, 0, 0, 0])
        case .moveToWorkspace(let target):
            guard window != 0 else { throw DesktopError("no window has the focus") }
            let desktop = try desktop(target)
            let current = try need("_NET_CURRENT_DESKTOP")
            send(try need("_NET_WM_DESKTOP"), to: window, [desktop, 2, 0, 0, 0])  // 2: from a pager
            send(current, to: root, [desktop, 0, 0, 0, 0])
        }
        xcb_flush(connection)
    }

    /// The desktop (from 0) `target` names, from the current one and how many there are.
    func desktop(_ target: WindowAction.WorkspaceTarget) throws(DesktopError) -> UInt32 {
        let count = property(root, "_NET_NUMBER_OF_DESKTOPS").flatMap { Self.words($0).first } ?? 1
        let now = property(root, "_NET_CURRENT_DESKTOP").flatMap { Self.words($0).first } ?? 0
        switch target {
        // Stopping at the last and the first, as EWMH pagers, wmctrl's users (libinput-gestures
        // without -w) and touchegg (without cyclic) do.
        case .next: return min(now + 1, max(count, 1) - 1)
        case .previous: return now == 0 ? 0 : now - 1
        case .number(let n):
            guard n <= count else { throw DesktopError("there are \(count) workspaces, no workspace \(n)") }
            return UInt32(n - 1)
        }
    }

    /// An EWMH client message about `window`, to the root window, as a pager sends it.
    func send(_ type: xcb_atom_t, to window: xcb_window_t, _ data: [UInt32]) {
        guard let connection else { return }
        var event = xcb_client_message_event_t()
        event.response_type = UInt8(XCB_CLIENT_MESSAGE)
        event.format = 32
        event.window = window
        event.type = type
        event.data.data32 = (data[0], data[1], data[2], data[3], data[4])
        let mask = UInt32(XCB_EVENT_MASK_SUBSTRUCTURE_REDIRECT.rawValue | XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY.rawValue)
        withUnsafeBytes(of: &event) { raw in
            _ = xcb_send_event(connection, 0, root, mask, raw.baseAddress!.assumingMemoryBound(to: CChar.self))
        }
    }
}
