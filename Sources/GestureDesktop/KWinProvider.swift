import GestureActions
import Glibc
import Posix
import Synchronization

/// KWin (KDE Plasma on Wayland), over the session bus. KWin lets no other program ask which
/// window has the focus, but it runs scripts: the provider loads a small KWin script
/// (``KWinProvider/script(service:)``) through `org.kde.kwin.Scripting`, and the script calls
/// back on every change of the active window and of its caption. Window actions are KWin's
/// own global shortcuts, invoked through `org.kde.kglobalaccel` (`Window Close`, …), but for
/// moving the window to another desktop: a one-shot script does that
/// (``KWinProvider/moveScript(_:)``). When KWin restarts, the script is loaded again.
public final class KWinProvider: DesktopProvider, @unchecked Sendable {
    public let name = "KWin (a KWin script over the session bus)"
    /// The bus (nil: the user's session bus).
    let address: String?
    /// Where the script is written (KWin reads it from there).
    let scriptPath: String
    /// The name KWin knows the script by.
    let plugin: String
    /// Where the one-shot script that moves a window is written, and its name in KWin.
    let movePath: String, movePlugin: String
    let state = Mutex<FocusedWindow?>(nil)
    /// The connection for calls to KWin; the events have one of their own.
    let calls = Mutex<DBusConnection?>(nil)
    let shortcuts = Mutex<Set<String>?>(nil)
    let stopped = Atomic<Bool>(false)
    let reported = Atomic<Bool>(false)
    /// Whether a window-moving script was loaded (and is to be unloaded on stop).
    let moved = Atomic<Bool>(false)
    /// Told of every change of focus, on the provider's own thread (set before ``start()``).
    public var onFocusChange: (@Sendable (FocusedWindow?) -> Void)?

    /// How long a window action waits for KWin, in seconds: D-Bus's own default. KWin answers
    /// when its main loop comes round, which a heavy frame holds for seconds (in the Plasma
    /// guest under emulation, KWin's overview starting held it for more than a minute), and
    /// the action is done when it answers.
    static let actionTimeout: Double = 25

    /// The object and interface the script calls.
    static let path = "/org/gestured/Focus", interface = "org.gestured.Focus"

    /// A provider on the bus at `address` (nil: the session bus), its script written into
    /// `folder` (`$XDG_RUNTIME_DIR`).
    public init(address: String?, folder: String) {
        self.address = address
        let id = getpid()
        scriptPath = folder + "/gestured-kwin-\(id).js"
        plugin = "gestured-focus-\(id)"
        movePath = folder + "/gestured-kwin-move-\(id).js"
        movePlugin = "gestured-move-\(id)"
    }

    public func start() throws(DesktopError) {
        let events = try DBusConnection(address: address)
        let connection = try DBusConnection(address: address)
        calls.withLock { $0 = connection }
        try events.serve(Self.path) { [weak self] interface, member, arguments throws(DesktopError) in
            guard interface == Self.interface, member == "Focus" else { return nil }
            self?.focusChanged(arguments)
            return []
        }
        try events.watchOwner(of: "org.kde.KWin") { [weak self, unowned events] owner in
            guard let self else { return }
            // KWin left: no focus known; KWin is back: it has forgotten the script.
            set(nil)
            if !owner.isEmpty { try? load(service: events.uniqueName) }
        }
        try load(service: events.uniqueName)
        // The script tells the window in front as soon as it runs.
        for _ in 0..<20 where !reported.load(ordering: .relaxed) {
            guard events.process(waiting: 0.1) else { throw DesktopError("the session bus went away") }
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
        if moved.load(ordering: .relaxed) {
            _ = try? kwin("/Scripting", "org.kde.kwin.Scripting", "unloadScript", [.string(movePlugin)])
            unlink(movePath)
        }
        _ = try? kwin("/Scripting", "org.kde.kwin.Scripting", "unloadScript", [.string(plugin)])
        unlink(scriptPath)
    }

    /// Writes the focus script, and has KWin load and run it.
    func load(service: String) throws(DesktopError) {
        try run(Self.script(service: service), at: scriptPath, as: plugin)
    }

    /// Writes a script to `path`, and has KWin load and run it as `name` (once: an older copy
    /// of that name is unloaded first).
    func run(_ text: String, at path: String, as name: String) throws(DesktopError) {
        guard let file = fopen(path, "w") else { throw DesktopError("cannot write the KWin script to \(path): \(String(cString: strerror(errno)))") }
        fputs(text, file)
        fclose(file)
        _ = try? kwin("/Scripting", "org.kde.kwin.Scripting", "unloadScript", [.string(name)])
        let reply = try kwin("/Scripting", "org.kde.kwin.Scripting", "loadScript", [.string(path), .string(name)], timeout: Self.actionTimeout)
        guard case .int32(let id)? = reply.first, id >= 0 else { throw DesktopError("KWin did not load the script \(path): \(reply)") }
        // Plasma 5.21 and later name a script's object /Scripting/ScriptN, older ones /N.
        do throws(DesktopError) {
            try kwin("/Scripting/Script\(id)", "org.kde.kwin.Script", "run", timeout: Self.actionTimeout)
        } catch {
            try kwin("/\(id)", "org.kde.kwin.Script", "run", timeout: Self.actionTimeout)
        }
    }

    /// A call to KWin on the calls connection (made again once if it went away), answered
    /// within `timeout` seconds.
    @discardableResult
    func kwin(_ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = [], service: String = "org.kde.KWin",
              timeout: Double = 5) throws(DesktopError) -> [DBusValue] {
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

    /// The script's call: the window's resourceClass, resourceName and caption ("": none).
    func focusChanged(_ arguments: [DBusValue]) {
        let strings = arguments.compactMap(\.stringValue)
        reported.store(true, ordering: .relaxed)
        guard strings.count == 3, !strings[0].isEmpty else { return set(nil) }
        let other = strings[1].isEmpty || strings[1] == strings[0] ? [] : [strings[1]]
        set(FocusedWindow(app: strings[0], otherNames: other, title: strings[2]))
    }

    func set(_ window: FocusedWindow?) {
        let changed = state.withLock { old in
            defer { old = window }
            return old != window
        }
        if changed { onFocusChange?(window) }
    }

    public func perform(_ action: WindowAction) throws(DesktopError) {
        if case .moveToWorkspace(let target) = action {
            // A script moves the window as a pager does, one call whatever the target: KWin's
            // "Window to Desktop N" leaves the view behind, its "Window to Next Desktop" moves
            // the window as an interactive move would.
            moved.store(true, ordering: .relaxed)
            return try run(Self.moveScript(target), at: movePath, as: movePlugin)
        }
        for shortcut in Self.shortcuts(action) { try invoke(shortcut) }
    }

    /// Invokes KWin's global shortcut `shortcut`, once it is known to be one of KWin's.
    func invoke(_ shortcut: String) throws(DesktopError) {
        let known = try shortcuts.withLock { names throws(DesktopError) -> Set<String> in
            if let names { return names }
            let reply = try kwin("/component/kwin", "org.kde.kglobalaccel.Component", "shortcutNames", service: "org.kde.kglobalaccel")
            guard case .strings(let list)? = reply.first else { throw DesktopError("kglobalaccel's shortcutNames is not a list of names: \(reply)") }
            names = Set(list)
            return names!
        }
        guard known.contains(shortcut) else { throw DesktopError("KWin has no global shortcut “\(shortcut)”") }
        try kwin("/component/kwin", "org.kde.kglobalaccel.Component", "invokeShortcut", [.string(shortcut)], service: "org.kde.kglobalaccel",
                 timeout: Self.actionTimeout)
    }

    /// KWin's names for the global shortcuts that do `action`, in order (none for moving the
    /// window, which ``moveScript(_:)`` does).
    static func shortcuts(_ action: WindowAction) -> [String] {
        switch action {
        case .close: ["Window Close"]
        case .maximize: ["Window Maximize"]
        case .minimize: ["Window Minimize"]
        case .fullscreen: ["Window Fullscreen"]
        case .showDesktop: ["Show Desktop"]
        case .workspace(.next): ["Switch to Next Desktop"]
        case .workspace(.previous): ["Switch to Previous Desktop"]
        case .workspace(.number(let n)): ["Switch to Desktop \(n)"]
        case .moveToWorkspace: []
        }
    }

    /// A one-shot KWin script (Plasma 6 and 5) that puts the active window on the desktop
    /// `target` names — from the current one, stopping at the first and the last — and goes
    /// there with it.
    static func moveScript(_ target: WindowAction.WorkspaceTarget) -> String {
        let (six, five) = switch target {
        case .next: ("here + 1", "workspace.currentDesktop + 1")
        case .previous: ("here - 1", "workspace.currentDesktop - 1")
        case .number(let n): ("\(n - 1)", "\(n)")
        }
        return """
        // gestured: move the active window to another desktop and go there (docs/ACTIONS.md).
        (function () {
            const window = workspace.activeWindow || workspace.activeClient;
            if (!window) return;
            if (typeof workspace.currentDesktop === "object") {  // Plasma 6: desktops are objects
                const desktops = workspace.desktops;
                let here = -1;
                for (let i = 0; i < desktops.length; i++) if (desktops[i].id === workspace.currentDesktop.id) here = i;
                const target = desktops[\(six)];
                if (here < 0 || !target) return;
                window.desktops = [target];
                workspace.currentDesktop = target;
                workspace.activeWindow = window;
            } else {  // Plasma 5: desktops are numbers from 1
                const target = \(five);
                if (target < 1 || target > workspace.desktops) return;
                window.desktop = target;
                workspace.currentDesktop = target;
                workspace.activeClient = window;
            }
        })();

        """
    }

    /// The KWin script (JavaScript, Plasma 5 and 6): calls `Focus(resourceClass, resourceName,
    /// caption)` on `service` when it starts, whenever another window becomes active, and
    /// whenever the active window's caption changes.
    static func script(service: String) -> String {
        """
        // gestured: tells `gesturectl actions` which window has the focus (docs/ACTIONS.md).
        // Loaded by gesturectl over D-Bus while it runs, unloaded when it stops.
        const activated = workspace.windowActivated || workspace.clientActivated;
        let followed = null;
        function tell(window) {
            callDBus("\(service)", "\(path)", "\(interface)", "Focus",
                     window ? String(window.resourceClass) : "",
                     window ? String(window.resourceName) : "",
                     window ? String(window.caption) : "");
        }
        function captionChanged() { tell(followed); }
        function follow(window) {
            if (followed) followed.captionChanged.disconnect(captionChanged);
            followed = window;
            if (window) window.captionChanged.connect(captionChanged);
            tell(window);
        }
        activated.connect(follow);
        follow(workspace.activeWindow || workspace.activeClient);

        """
    }
}
