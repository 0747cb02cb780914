import CWaylandOutputs
import CWlrToplevel
import GestureCore
import GestureWire
import Glibc
import Posix
import Synchronization

/// The screens of a Wayland session through core `wl_output`, which every compositor offers
/// (sway and the wlroots ones, Phosh's phoc, GNOME's mutter, KWin): each output's `name`
/// (version 4: the connector, `eDP-1`, `DSI-1`) and the `transform` its `geometry` event carries,
/// sent again whenever the compositor turns the output — read on a thread of its own
/// (`gestured-screen`). wl_output's transforms turn counter-clockwise, the way `rotation:` turns a
/// touchscreen: `WL_OUTPUT_TRANSFORM_90` (sway's `transform 270`, which sway spells clockwise) is
/// a touchscreen turned 90°. The `flipped` transforms mirror the image, which no turn of a
/// touchscreen matches: such an output is left out.
public final class WaylandScreens: ScreenSource, @unchecked Sendable {
    public let name: String
    let displayName: String
    var display: OpaquePointer?
    let stopped = Atomic<Bool>(false)
    /// What the Wayland thread keeps (and ``start(_:)`` before it runs): one lock for it all.
    let state = Mutex(State())

    /// The outputs, by proxy, and who is told of them.
    struct State {
        /// Each output by its proxy: what its last `done` said, and what came since.
        var outputs: [UInt: Output] = [:]
        /// Registry names of the outputs, to forget one the compositor removes.
        var globals: [UInt32: UInt] = [:]
        /// Whoever is told (set by ``start(_:)``), and the report last given.
        var changed: (@Sendable (ScreenReport) -> Void)?
        var last: ScreenReport?
    }

    /// One output.
    struct Output {
        /// The registry's name for it (kept in order: the report lists outputs as they came).
        var global: UInt32
        var name: String?
        var transform: Int32 = 0
        var pending: (name: String?, transform: Int32?) = (nil, nil)
        /// Whether a `done` has come (an output is reported once it has).
        var done = false
    }

    /// A source for Wayland display `display` (`wayland-1`, or a socket's path).
    public init(display: String) {
        displayName = display
        name = "wl_output on Wayland display \(display)"
    }

    public func start(_ changed: @escaping @Sendable (ScreenReport) -> Void) throws(DesktopError) {
        guard let display = wl_display_connect(displayName) else { throw DesktopError("cannot connect to Wayland display \(displayName)") }
        self.display = display
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard let registry = gestured_get_registry(display) else { throw DesktopError("Wayland: no registry") }
        _ = withUnsafePointer(to: &Self.registryListener) { gestured_registry_add_listener(registry, $0, me) }
        // The globals, then each output's events up to its first `done`.
        wl_display_roundtrip(display)
        wl_display_roundtrip(display)
        state.withLock { $0.changed = changed }
        tell()
        do {
            try DetachedThread.start(name: "gestured-screen") { [self] in
                while !stopped.load(ordering: .relaxed), let display = self.display {
                    if wl_display_dispatch(display) < 0 { return }  // the compositor went away
                }
            }
        } catch {
            throw DesktopError("\(name): \(error)")
        }
    }

    public func stop() { stopped.store(true, ordering: .relaxed) }

    /// The outputs now, as a report: each that has said its name and is turned, not mirrored.
    static func report(_ outputs: [UInt: Output]) -> ScreenReport {
        let screens = outputs.values.filter(\.done).sorted { $0.global < $1.global }.compactMap { output -> ScreenReport.Screen? in
            guard let rotation = rotation(output.transform) else { return nil }
            let name = output.name ?? "wl_output \(output.global)"
            return ScreenReport.Screen(output: name, rotation: rotation, builtIn: isBuiltIn(name))
        }
        return ScreenReport(source: "wayland", screens: Array(screens.prefix(ScreenReport.maximumScreens)))
    }

    /// Hands the report on when it differs from the last one given (outside the lock).
    func tell() {
        let (now, changed): (ScreenReport, (@Sendable (ScreenReport) -> Void)?) = state.withLock { state in
            let now = Self.report(state.outputs)
            guard state.last != now, let changed = state.changed else { return (now, nil) }
            state.last = now
            return (now, changed)
        }
        changed?(now)
    }

    /// wl_output's transform as a turn of the touchscreen (nil: mirrored, or not known).
    static func rotation(_ transform: Int32) -> SurfaceRotation? {
        (0...3).contains(transform) ? SurfaceRotation(rawValue: Int(transform) * 90) : nil
    }

    /// Whether an output is the machine's own panel, by the connector's name: a laptop's
    /// (eDP, LVDS) or a phone's or tablet's (DSI, DPI).
    static func isBuiltIn(_ name: String) -> Bool {
        ["eDP", "LVDS", "DSI", "DPI"].contains { name.hasPrefix($0) }
    }

    static func this(_ data: UnsafeMutableRawPointer?) -> WaylandScreens { Unmanaged<WaylandScreens>.fromOpaque(data!).takeUnretainedValue() }
    static func key(_ proxy: OpaquePointer?) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(proxy))) }

    // The listener tables libwayland keeps pointers to: global, never changed after start.
    nonisolated(unsafe) static var registryListener = gestured_registry_listener(
        global: { data, registry, name, interface, version in
            guard let interface, String(cString: interface) == "wl_output", let output = gestured_bind_output(registry, name, version) else { return }
            this(data).state.withLock { state in
                state.outputs[key(output)] = Output(global: name)
                state.globals[name] = key(output)
            }
            _ = withUnsafePointer(to: &outputListener) { gestured_output_add_listener(output, $0, data) }
        },
        global_remove: { data, _, name in
            let screens = this(data)
            let gone: UInt? = screens.state.withLock { state in
                guard let id = state.globals.removeValue(forKey: name) else { return nil }
                state.outputs[id] = nil
                return id
            }
            guard let gone else { return }
            if let proxy = OpaquePointer(bitPattern: gone) { gestured_output_release(proxy) }
            screens.tell()
        })

    nonisolated(unsafe) static var outputListener = gestured_output_listener(
        geometry: { data, output, _, _, _, _, _, _, _, transform in
            this(data).state.withLock { $0.outputs[key(output)]?.pending.transform = transform }
        },
        mode: { _, _, _, _, _, _ in },
        done: { data, output in
            let screens = this(data)
            screens.state.withLock { state in
                guard var entry = state.outputs[key(output)] else { return }
                if let name = entry.pending.name { entry.name = name }
                if let transform = entry.pending.transform { entry.transform = transform }
                entry.pending = (nil, nil)
                entry.done = true
                state.outputs[key(output)] = entry
            }
            screens.tell()
        },
        scale: { _, _, _ in },
        name: { data, output, name in
            let text = name.map { String(cString: $0) }
            this(data).state.withLock { $0.outputs[key(output)]?.pending.name = text }
        },
        description: { _, _, _ in })
}
