import CWlrToplevel
import GestureActions
import Glibc
import Posix
import Synchronization

/// Wayland compositors that offer `wlr-foreign-toplevel-management` (labwc, river, Wayfire,
/// sway too, …), through libwayland-client: every toplevel's app_id, title and state (the
/// activated one has the focus), followed by events on a thread of its own; close, maximize,
/// minimize and fullscreen as the protocol's requests. It has no workspaces.
public final class WlrToplevelProvider: DesktopProvider, @unchecked Sendable {
    public let name: String
    let displayName: String
    var display: OpaquePointer?
    var manager: OpaquePointer?
    let stopped = Atomic<Bool>(false)
    /// Every toplevel by its handle, and the activated one.
    let state = Mutex<(windows: [UInt: Toplevel], focused: UInt?)>(([:], nil))
    /// Told of every change of focus, on the provider's thread (set before ``start()``).
    public var onFocusChange: (@Sendable (FocusedWindow?) -> Void)?

    /// One toplevel: what its last `done` said, and what has come since.
    struct Toplevel {
        var app = "", title = "", states: Set<UInt32> = []
        var pending = (app: "", title: "", states: Set<UInt32>())
    }

    /// A provider for Wayland display `display` (`wayland-1`, or a socket's path).
    public init(display: String) {
        displayName = display
        name = "wlr-foreign-toplevel-management on Wayland display \(display)"
    }

    public func start() throws(DesktopError) {
        guard let display = wl_display_connect(displayName) else { throw DesktopError("cannot connect to Wayland display \(displayName)") }
        self.display = display
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard let registry = gestured_get_registry(display) else { throw DesktopError("Wayland: no registry") }
        _ = withUnsafePointer(to: &Self.registryListener) { gestured_registry_add_listener(registry, $0, me) }
        wl_display_roundtrip(display)
        guard let manager else {
            wl_display_disconnect(display)
            self.display = nil
            throw DesktopError("the compositor offers no wlr-foreign-toplevel-management")
        }
        _ = withUnsafePointer(to: &Self.managerListener) { gestured_manager_add_listener(manager, $0, me) }
        // The toplevels there are now, and their state.
        wl_display_roundtrip(display)
        wl_display_roundtrip(display)
        try followOnItsOwnThread { [self] in
            while !stopped.load(ordering: .relaxed), let display = self.display {
                if wl_display_dispatch(display) < 0 {
                    update { $0 = ([:], nil) }
                    return
                }
            }
        }
    }

    public func focused() -> FocusedWindow? {
        state.withLock { state in state.focused.flatMap { state.windows[$0] }.map { FocusedWindow(app: $0.app, title: $0.title) } }
    }

    public func stop() { stopped.store(true, ordering: .relaxed) }

    /// Changes the state; says so when the focused window changed.
    func update(_ body: (inout (windows: [UInt: Toplevel], focused: UInt?)) -> Void) {
        let (before, after) = state.withLock { state -> (FocusedWindow?, FocusedWindow?) in
            func window() -> FocusedWindow? { state.focused.flatMap { state.windows[$0] }.map { FocusedWindow(app: $0.app, title: $0.title) } }
            let before = window()
            body(&state)
            return (before, window())
        }
        if before != after { onFocusChange?(after) }
    }

    static func this(_ data: UnsafeMutableRawPointer?) -> WlrToplevelProvider { Unmanaged<WlrToplevelProvider>.fromOpaque(data!).takeUnretainedValue() }
    static func key(_ handle: OpaquePointer?) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle))) }

    // The listener tables libwayland keeps pointers to: global, never changed after start.
    nonisolated(unsafe) static var registryListener = gestured_registry_listener(
        global: { data, registry, name, interface, version in
            guard let interface, String(cString: interface) == "zwlr_foreign_toplevel_manager_v1" else { return }
            this(data).manager = gestured_bind_manager(registry, name, min(version, 3))
        },
        global_remove: { _, _, _ in })

    nonisolated(unsafe) static var managerListener = gestured_toplevel_manager_listener(
        toplevel: { data, _, handle in
            let provider = this(data)
            provider.update { $0.windows[key(handle)] = Toplevel() }
            _ = withUnsafePointer(to: &handleListener) { gestured_handle_add_listener(handle, $0, data) }
        },
        finished: { data, _ in this(data).update { $0 = ([:], nil) } })

    nonisolated(unsafe) static var handleListener = gestured_toplevel_handle_listener(
        title: { data, handle, title in
            let text = title.map { String(cString: $0) } ?? ""
            this(data).update { $0.windows[key(handle)]?.pending.title = text }
        },
        app_id: { data, handle, app in
            let text = app.map { String(cString: $0) } ?? ""
            this(data).update { $0.windows[key(handle)]?.pending.app = text }
        },
        output_enter: { _, _, _ in },
        output_leave: { _, _, _ in },
        state: { data, handle, array in
            var states = Set<UInt32>()
            if let array, let values = array.pointee.data {
                let count = array.pointee.size / MemoryLayout<UInt32>.size
                let words = values.assumingMemoryBound(to: UInt32.self)
                for i in 0..<count { states.insert(words[i]) }
            }
            this(data).update { $0.windows[key(handle)]?.pending.states = states }
        },
        done: { data, handle in
            this(data).update { state in
                let id = key(handle)
                guard var toplevel = state.windows[id] else { return }
                // The protocol sends only what changed before `done`: keep what it did not.
                if !toplevel.pending.app.isEmpty { toplevel.app = toplevel.pending.app }
                if !toplevel.pending.title.isEmpty { toplevel.title = toplevel.pending.title }
                toplevel.states = toplevel.pending.states
                state.windows[id] = toplevel
                if toplevel.states.contains(UInt32(GESTURED_ACTIVATED.rawValue)) {
                    state.focused = id
                } else if state.focused == id {
                    state.focused = nil
                }
            }
        },
        closed: { data, handle in
            this(data).update { state in
                state.windows[key(handle)] = nil
                if state.focused == key(handle) { state.focused = nil }
            }
            gestured_handle_destroy(handle)
        },
        parent: { _, _, _ in })

    public func perform(_ action: WindowAction) throws(DesktopError) {
        guard let display else { throw DesktopError("not connected to Wayland display \(displayName)") }
        let target = state.withLock { state in state.focused.map { ($0, state.windows[$0]?.states ?? []) } }
        guard let (id, states) = target, let handle = OpaquePointer(bitPattern: id) else { throw DesktopError("no window has the focus") }
        switch action {
        case .close: gestured_handle_request(handle, UInt32(GESTURED_CLOSE.rawValue))
        case .maximize:
            let maximized = states.contains(UInt32(GESTURED_MAXIMIZED.rawValue))
            gestured_handle_request(handle, UInt32((maximized ? GESTURED_UNSET_MAXIMIZED : GESTURED_SET_MAXIMIZED).rawValue))
        case .minimize: gestured_handle_request(handle, UInt32(GESTURED_SET_MINIMIZED.rawValue))
        case .fullscreen:
            if states.contains(UInt32(GESTURED_FULLSCREEN.rawValue)) {
                gestured_handle_request(handle, UInt32(GESTURED_UNSET_FULLSCREEN.rawValue))
            } else {
                gestured_handle_set_fullscreen(handle)
            }
        case .workspace, .moveToWorkspace, .showDesktop:
            throw DesktopError("wlr-foreign-toplevel-management has no workspaces or desktop; use the compositor's shortcut with `keys:`")
        }
        guard wl_display_flush(display) >= 0 else { throw DesktopError("the Wayland connection was lost") }
    }
}
