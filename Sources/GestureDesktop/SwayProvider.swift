import GestureActions
import GestureWire
import Posix
import Synchronization

/// sway and i3, through their IPC socket (`$SWAYSOCK`, `$I3SOCK`): the focus from `GET_TREE`,
/// then followed by `window` and `workspace` events on a connection of its own; window actions
/// as commands (`kill`, `fullscreen toggle`, `workspace next`, …).
public final class SwayProvider: DesktopProvider, @unchecked Sendable {
    public let name: String
    let path: String
    /// i3 or sway: what each can do differs a little.
    let isSway: Bool
    let state = Mutex<FocusedWindow?>(nil)
    let commands = Mutex<I3Connection?>(nil)
    let stopped = Atomic<Bool>(false)
    /// Told of every change of focus, on the provider's own thread (tests wait on it; set before ``start()``).
    public var onFocusChange: (@Sendable (FocusedWindow?) -> Void)?

    /// A provider for the socket at `path` (`isSway`: sway, else i3).
    public init(path: String, isSway: Bool) {
        self.path = path
        self.isSway = isSway
        name = isSway ? "sway (IPC at $SWAYSOCK)" : "i3 (IPC at $I3SOCK)"
    }

    public func start() throws(DesktopError) {
        let connection = try I3Connection(path: path)
        commands.withLock { $0 = connection }
        try refresh()
        let events = try I3Connection(path: path)
        let reply = try events.request(I3Message.subscribe, #"["window","workspace"]"#)
        guard reply["success"] == .bool(true) else { throw DesktopError("the IPC socket refused the subscription: \(reply.serialized)") }
        try followOnItsOwnThread { [weak self] in self?.follow(events) }
    }

    public func focused() -> FocusedWindow? { state.withLock { $0 } }

    public func stop() { stopped.store(true, ordering: .relaxed) }

    /// Reads the tree again for the focused window.
    func refresh() throws(DesktopError) {
        let tree = try command(I3Message.getTree, "")
        set(Self.focusedWindow(in: tree))
    }

    func set(_ window: FocusedWindow?) {
        let changed = state.withLock { old in
            defer { old = window }
            return old != window
        }
        if changed { onFocusChange?(window) }
    }

    /// A request on the command connection (made again once if the socket went away).
    func command(_ type: UInt32, _ payload: String) throws(DesktopError) -> JSONValue {
        let result: Result<JSONValue, DesktopError> = commands.withLock { connection in
            do throws(DesktopError) {
                if connection == nil { connection = try I3Connection(path: path) }
                return .success(try connection!.request(type, payload))
            } catch {
                connection = nil
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The event loop: focus changes, title changes, a closed window, another workspace.
    func follow(_ events: I3Connection) {
        while !stopped.load(ordering: .relaxed) {
            guard let message = try? events.next(), let event = try? I3Connection.json(message) else {
                // The compositor went away (or restarted): no focus known until it is back.
                set(nil)
                return
            }
            if message.type == I3Message.windowEvent, let container = event["container"] {
                switch event["change"]?.stringValue {
                case "focus":
                    set(Self.window(container))
                case "title", "urgent", "mark":
                    if container["focused"] == .bool(true) { set(Self.window(container)) }
                case "close":
                    if container["focused"] == .bool(true) { set(nil) }
                default:
                    break
                }
            } else if message.type == I3Message.workspaceEvent {
                try? refresh()
            }
        }
    }

    /// The focused window of a `GET_TREE` reply (nil when the focus is on an empty workspace).
    static func focusedWindow(in node: JSONValue) -> FocusedWindow? {
        if node["focused"] == .bool(true) { return window(node) }
        for key in ["nodes", "floating_nodes"] {
            for child in node[key]?.arrayValue ?? [] {
                if let found = focusedWindow(in: child) { return found }
            }
        }
        return nil
    }

    /// The first node of a tree that satisfies `predicate` (depth first).
    static func node(in tree: JSONValue, where predicate: (JSONValue) -> Bool) -> JSONValue? {
        if predicate(tree) { return tree }
        for key in ["nodes", "floating_nodes"] {
            for child in tree[key]?.arrayValue ?? [] {
                if let found = node(in: child, where: predicate) { return found }
            }
        }
        return nil
    }

    /// A container as a window: its app_id (Wayland) or X11 class and instance (Xwayland, i3).
    static func window(_ node: JSONValue) -> FocusedWindow? {
        let properties = node["window_properties"]
        let appID = node["app_id"]?.stringValue
        let x11Class = properties?["class"]?.stringValue
        guard let app = appID ?? x11Class else { return nil }
        let others = [x11Class, properties?["instance"]?.stringValue].compactMap { $0 }.filter { $0 != app }
        return FocusedWindow(app: app, otherNames: others, title: node["name"]?.stringValue ?? "")
    }

    public func perform(_ action: WindowAction) throws(DesktopError) {
        let line: String
        switch action {
        case .close: line = "kill"
        case .fullscreen: line = "fullscreen toggle"
        case .minimize: line = "move scratchpad"
        case .workspace(.next): line = "workspace next"
        case .workspace(.previous): line = "workspace prev"
        case .workspace(.number(let n)): line = "workspace number \(n)"
        // Moved first, then followed: the workspace it left is still there to count from.
        case .moveToWorkspace(.next): line = "move container to workspace next, workspace next"
        case .moveToWorkspace(.previous): line = "move container to workspace prev, workspace prev"
        case .moveToWorkspace(.number(let n)): line = "move container to workspace number \(n), workspace number \(n)"
        case .maximize:
            throw DesktopError("\(isSway ? "sway" : "i3") tiles windows and has no maximize; use `window: fullscreen`")
        case .showDesktop:
            throw DesktopError("\(isSway ? "sway" : "i3") has no desktop to show; use `window: workspace N` on an empty workspace")
        }
        let reply = try command(I3Message.runCommand, line)
        let results = reply.arrayValue ?? []
        if let failed = results.first(where: { $0["success"] != .bool(true) }) {
            throw DesktopError("\(isSway ? "sway" : "i3") refused `\(line)`: \(failed["error"]?.stringValue ?? failed.serialized)")
        }
    }
}
