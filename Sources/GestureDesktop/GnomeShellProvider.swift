import GestureActions
import Synchronization

/// GNOME Shell (Wayland), over the session bus. Mutter tells no other program which window has
/// the focus and lets none act on windows; gestured's GNOME Shell extension
/// (`gnome-shell/gestured@gestured.org`, installed by the package) serves `org.gestured.Shell`:
/// `Focused`, `Workspace`, `Act` and the `FocusChanged` signal. Without it, ``start()`` says what
/// is wrong, from GNOME Shell's own `org.gnome.Shell.Extensions`: not installed, not enabled, not
/// made for this GNOME, or failed.
public final class GnomeShellProvider: DesktopProvider, @unchecked Sendable {
    public let name = "GNOME Shell (gestured's extension over the session bus)"
    /// The bus (nil: the user's session bus).
    let address: String?
    /// How long a call waits for GNOME Shell, in seconds.
    let timeout: Double
    let state = Mutex<FocusedWindow?>(nil)
    /// The connection for calls to the extension; the signals have one of their own.
    let calls = Mutex<DBusConnection?>(nil)
    let stopped = Atomic<Bool>(false)
    /// Told of every change of focus, on the provider's own thread (set before ``start()``).
    public var onFocusChange: (@Sendable (FocusedWindow?) -> Void)?

    /// The extension's UUID, as `gnome-extensions enable` takes it.
    public static let uuid = "gestured@gestured.org"
    /// The extension's name on the bus, its object and interface.
    public static let service = "org.gestured.Shell", path = "/org/gestured/Shell", interface = "org.gestured.Shell1"
    /// The GNOME Shell versions the extension's metadata lists.
    public static let versions = 45...48

    /// A provider on the bus at `address` (nil: the session bus), each call waiting up to
    /// `timeout` seconds.
    public init(address: String?, timeout: Double = 5) {
        self.address = address
        self.timeout = timeout
    }

    public func start() throws(DesktopError) {
        let events = try DBusConnection(address: address)
        calls.withLock { $0 = try? DBusConnection(address: address) }
        try events.watchSignal(sender: Self.service, path: Self.path, interface: Self.interface, member: "FocusChanged") { [weak self] arguments in
            self?.set(Self.window(arguments))
        }
        try events.watchOwner(of: Self.service) { [weak self] owner in
            guard let self else { return }
            // The extension was disabled, or GNOME Shell restarted: no focus known until it is back.
            if owner.isEmpty { set(nil) } else { set(try? focusNow()) }
        }
        do {
            set(try focusNow())
        } catch {
            throw diagnosis() ?? error
        }
        try followOnItsOwnThread { [self] in
            while !stopped.load(ordering: .relaxed) {
                guard events.process(waiting: 1) else {
                    set(nil)
                    return
                }
            }
        }
    }

    public func focused() -> FocusedWindow? { state.withLock { $0 } }

    public func stop() {
        stopped.store(true, ordering: .relaxed)
    }

    public func perform(_ action: WindowAction) throws(DesktopError) {
        do {
            try shell("Act", [.string(Self.words(action))])
        } catch {
            throw diagnosis() ?? error
        }
    }

    /// What the extension's `Act` takes for `action`: the action as the actions file writes it,
    /// with its words joined by single spaces (`workspace next`, `show-desktop`).
    static func words(_ action: WindowAction) -> String { action.description }

    /// The focused window, asked now.
    func focusNow() throws(DesktopError) -> FocusedWindow? {
        Self.window(try shell("Focused"))
    }

    /// `Focused`'s reply or `FocusChanged`'s arguments: app, other names, title ("": none).
    static func window(_ values: [DBusValue]) -> FocusedWindow? {
        guard values.count == 3, case .string(let app) = values[0], !app.isEmpty,
              case .strings(let others) = values[1], case .string(let title) = values[2] else { return nil }
        return FocusedWindow(app: app, otherNames: others, title: title)
    }

    /// A call to the extension on the calls connection (made again once if it went away).
    @discardableResult
    func shell(_ member: String, _ arguments: [DBusValue] = [], path: String = GnomeShellProvider.path,
               interface: String = GnomeShellProvider.interface, service: String = GnomeShellProvider.service) throws(DesktopError) -> [DBusValue] {
        let result: Result<[DBusValue], DesktopError> = calls.withLock { connection in
            do throws(DesktopError) {
                if connection == nil { connection = try DBusConnection(address: address) }
                return .success(try connection!.call(service, path, interface, member, arguments, timeout: timeout))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Why the extension does not answer, from GNOME Shell (nil: it says nothing wrong, so the
    /// error of the call is the one to say).
    public func diagnosis() -> DesktopError? {
        let info: [DBusValue]
        do {
            info = try shell("GetExtensionInfo", [.string(Self.uuid)], path: "/org/gnome/Shell",
                             interface: "org.gnome.Shell.Extensions", service: "org.gnome.Shell")
        } catch let error where error.message.contains("org.freedesktop.DBus.Error.Timeout") || error.message.contains("org.freedesktop.DBus.Error.NoReply") {
            // Busy (starting, under load): it is there, and is asked again as gestures come.
            return DesktopError("GNOME Shell did not answer on the session bus within \(Self.seconds(timeout)) (\(error.message)); it is asked again as gestures come")
        } catch {
            return DesktopError("GNOME Shell does not answer on the session bus (\(error.message)); is this a GNOME session?")
        }
        let shellVersion: String? = {
            guard let reply = try? shell("Get", [.string("org.gnome.Shell.Extensions"), .string("ShellVersion")], path: "/org/gnome/Shell",
                                         interface: "org.freedesktop.DBus.Properties", service: "org.gnome.Shell") else { return nil }
            return reply.first?.stringValue
        }()
        guard case .dictionary(let entries)? = info.first else { return nil }
        return Self.diagnosis(entries, shellVersion: shellVersion)
    }

    /// What is wrong with the extension, from `GetExtensionInfo`'s entries (nil: nothing said).
    static func diagnosis(_ entries: [String: DBusValue], shellVersion: String?) -> DesktopError? {
        let enable = "gnome-extensions enable \(uuid)"
        guard case .double(let state)? = entries["state"] else {
            return DesktopError("gestured's GNOME Shell extension (\(uuid)) is not installed: install the gestured package (it puts it in /usr/share/gnome-shell/extensions), log out and in again, then run `\(enable)`")
        }
        let supported = "\(versions.lowerBound)–\(versions.upperBound)"
        switch Int(state) {
        case 1: return nil  // active: the call failed for another reason
        case 4: return DesktopError("gestured's GNOME Shell extension is made for GNOME Shell \(supported), and this is GNOME Shell \(shellVersion ?? "of another version"): GNOME Shell will not run it (a gestured made for this GNOME will)")
        case 3:
            let why = entries["error"]?.stringValue ?? "no reason given"
            return DesktopError("gestured's GNOME Shell extension failed in GNOME Shell: \(why) (journalctl --user -b _COMM=gnome-shell)")
        default:
            if entries["enabled"] != .bool(true) {
                return DesktopError("gestured's GNOME Shell extension is installed but not enabled: run `\(enable)`")
            }
            return DesktopError("gestured's GNOME Shell extension is enabled but not running (GNOME Shell's state \(Int(state))); if user extensions are switched off, switch them on (Extensions app) or run `\(enable)`")
        }
    }

    /// `5 s`, `0.3 s`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    func set(_ window: FocusedWindow?) {
        let changed = state.withLock { old in
            defer { old = window }
            return old != window
        }
        if changed { onFocusChange?(window) }
    }
}
