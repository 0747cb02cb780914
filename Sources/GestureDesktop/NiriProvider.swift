import GestureActions
import GestureWire
import Posix
import Synchronization

/// niri, through its JSON socket (`$NIRI_SOCKET`): a request per line and a reply per line
/// (`"FocusedWindow"`, `{"Action": {…}}`), and on a connection of its own the event stream
/// (`"EventStream"`: `WindowsChanged`, `WindowOpenedOrChanged`, `WindowClosed`,
/// `WindowFocusChanged`).
public final class NiriProvider: DesktopProvider, @unchecked Sendable {
    public let name = "niri (IPC at $NIRI_SOCKET)"
    let path: String
    /// The windows by id, and the focused one's id.
    let state = Mutex<(windows: [Int64: JSONValue], focused: Int64?)>(([:], nil))
    let stopped = Atomic<Bool>(false)
    /// Told of every change of focus, on the provider's own thread (set before ``start()``).
    public var onFocusChange: (@Sendable (FocusedWindow?) -> Void)?

    /// A provider for the socket at `path`.
    public init(path: String) {
        self.path = path
    }

    public func start() throws(DesktopError) {
        let reply = try request(.string("FocusedWindow"))
        let window = reply["Ok"]?["FocusedWindow"]
        if let window, let id = window["id"]?.intValue {
            update { $0.windows[id] = window; $0.focused = id }
        }
        let events = try UnixStream(path: path)
        try events.write(Array((JSONValue.string("EventStream").serialized + "\n").utf8))
        try followOnItsOwnThread { [weak self] in self?.follow(events) }
    }

    public func focused() -> FocusedWindow? {
        state.withLock { state in state.focused.flatMap { state.windows[$0] }.flatMap(Self.window) }
    }

    public func stop() { stopped.store(true, ordering: .relaxed) }

    /// One request, one reply.
    func request(_ value: JSONValue) throws(DesktopError) -> JSONValue {
        let stream = try UnixStream(path: path)
        try stream.write(Array((value.serialized + "\n").utf8))
        var pending: [UInt8] = []
        guard let line = try stream.readLine(into: &pending) else { throw DesktopError("niri closed the socket without a reply") }
        do {
            return try JSONParser.parse(line)
        } catch {
            throw DesktopError("niri's reply is not JSON: \(error)")
        }
    }

    func follow(_ events: UnixStream) {
        var pending: [UInt8] = []
        while !stopped.load(ordering: .relaxed) {
            guard let line = try? events.readLine(into: &pending) else {
                update { $0 = ([:], nil) }
                return
            }
            guard let event = try? JSONParser.parse(line) else { continue }
            handle(event)
        }
    }

    /// One event.
    func handle(_ event: JSONValue) {
        if let windows = event["WindowsChanged"]?["windows"]?.arrayValue {
            update { state in
                state.windows = [:]
                state.focused = nil
                for window in windows {
                    guard let id = window["id"]?.intValue else { continue }
                    state.windows[id] = window
                    if window["is_focused"] == .bool(true) { state.focused = id }
                }
            }
        } else if let window = event["WindowOpenedOrChanged"]?["window"], let id = window["id"]?.intValue {
            update { state in
                state.windows[id] = window
                if window["is_focused"] == .bool(true) { state.focused = id }
            }
        } else if let id = event["WindowClosed"]?["id"]?.intValue {
            update { state in
                state.windows[id] = nil
                if state.focused == id { state.focused = nil }
            }
        } else if let change = event["WindowFocusChanged"] {
            update { $0.focused = change["id"]?.intValue }
        }
    }

    /// Changes the state; says so when the focused window changed.
    func update(_ body: (inout (windows: [Int64: JSONValue], focused: Int64?)) -> Void) {
        let (before, after) = state.withLock { state -> (FocusedWindow?, FocusedWindow?) in
            let before = state.focused.flatMap { state.windows[$0] }.flatMap(Self.window)
            body(&state)
            return (before, state.focused.flatMap { state.windows[$0] }.flatMap(Self.window))
        }
        if before != after { onFocusChange?(after) }
    }

    /// A niri window object.
    static func window(_ json: JSONValue) -> FocusedWindow? {
        guard let app = json["app_id"]?.stringValue else { return nil }
        return FocusedWindow(app: app, title: json["title"]?.stringValue ?? "")
    }

    public func perform(_ action: WindowAction) throws(DesktopError) {
        let named: (String, JSONValue)
        switch action {
        case .close: named = ("CloseWindow", .object([("id", .null)]))
        case .maximize: named = ("MaximizeColumn", .object([]))
        case .fullscreen: named = ("FullscreenWindow", .object([("id", .null)]))
        case .workspace(.next): named = ("FocusWorkspaceDown", .object([]))
        case .workspace(.previous): named = ("FocusWorkspaceUp", .object([]))
        case .workspace(.number(let n)): named = ("FocusWorkspace", .object([("reference", .object([("Index", .int(Int64(n)))]))]))
        // `focus: true`: the view goes with the window.
        case .moveToWorkspace(.next): named = ("MoveWindowToWorkspaceDown", .object([("focus", .bool(true))]))
        case .moveToWorkspace(.previous): named = ("MoveWindowToWorkspaceUp", .object([("focus", .bool(true))]))
        case .moveToWorkspace(.number(let n)):
            named = ("MoveWindowToWorkspace", .object([("window_id", .null), ("reference", .object([("Index", .int(Int64(n)))])), ("focus", .bool(true))]))
        case .minimize: throw DesktopError("niri has no minimize")
        case .showDesktop: throw DesktopError("niri has no desktop to show; use `window: workspace N` on an empty workspace")
        }
        let reply = try request(.object([("Action", .object([named]))]))
        guard reply["Ok"] != nil else { throw DesktopError("niri refused \(named.0): \(reply["Err"]?.stringValue ?? reply.serialized)") }
    }
}
