import GestureActions
import GestureWire
import Posix
import Synchronization

/// Hyprland, through its two sockets (`$XDG_RUNTIME_DIR/hypr/$HYPRLAND_INSTANCE_SIGNATURE/`):
/// `.socket.sock` for requests — one connection per request, closed at once, as Hyprland asks —
/// `j/activewindow` for the focus and `dispatch …` for window actions; `.socket2.sock` for the
/// events (`activewindow>>CLASS,TITLE`, `activewindowv2>>ADDRESS`, `windowtitlev2>>ADDRESS,TITLE`).
public final class HyprlandProvider: DesktopProvider, @unchecked Sendable {
    public let name = "Hyprland (IPC in $XDG_RUNTIME_DIR/hypr/$HYPRLAND_INSTANCE_SIGNATURE)"
    let folder: String
    let state = Mutex<(window: FocusedWindow?, address: String)>((nil, ""))
    let stopped = Atomic<Bool>(false)
    /// Told of every change of focus, on the provider's own thread (set before ``start()``).
    public var onFocusChange: (@Sendable (FocusedWindow?) -> Void)?

    /// A provider for the instance whose sockets are in `folder`.
    public init(folder: String) {
        self.folder = folder
    }

    public func start() throws(DesktopError) {
        let active = try request("j/activewindow")
        let json: JSONValue
        do { json = try JSONParser.parse(active) } catch { throw DesktopError("Hyprland's activewindow is not JSON: \(error)") }
        let address = json["address"]?.stringValue ?? ""
        set(Self.window(json), address: address)
        let events = try UnixStream(path: folder + "/.socket2.sock")
        try followOnItsOwnThread { [weak self] in self?.follow(events) }
    }

    public func focused() -> FocusedWindow? { state.withLock { $0.window } }

    public func stop() { stopped.store(true, ordering: .relaxed) }

    /// One request on `.socket.sock`: connect, write, read the reply to its end, close.
    func request(_ line: String) throws(DesktopError) -> String {
        let stream = try UnixStream(path: folder + "/.socket.sock")
        try stream.write(Array(line.utf8))
        var pending: [UInt8] = []
        var lines: [String] = []
        while let next = try stream.readLine(into: &pending) { lines.append(next) }
        if !pending.isEmpty { lines.append(String(decoding: pending, as: UTF8.self)) }
        return lines.joined(separator: "\n")
    }

    func follow(_ events: UnixStream) {
        var pending: [UInt8] = []
        while !stopped.load(ordering: .relaxed) {
            guard let line = try? events.readLine(into: &pending) else {
                set(nil, address: "")
                return
            }
            handle(line)
        }
    }

    /// One event line.
    func handle(_ line: String) {
        guard let at = line.indices.first(where: { line[$0...].hasPrefix(">>") }) else { return }
        let event = line[..<at], data = String(line[line.index(at, offsetBy: 2)...])
        switch event {
        case "activewindow":
            // CLASS,TITLE: the title may hold commas, the class does not.
            let parts = data.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let app = parts.first ?? ""
            let address = state.withLock { $0.address }
            set(app.isEmpty ? nil : FocusedWindow(app: app, title: parts.count > 1 ? parts[1] : ""), address: address)
        case "activewindowv2":
            state.withLock { $0.address = data == "," ? "" : data }
        case "windowtitlev2":
            let parts = data.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let (window, address) = state.withLock { ($0.window, $0.address) }
            guard parts.count == 2, var window, !address.isEmpty, address.hasSuffix(parts[0]) || parts[0].hasSuffix(address) else { return }
            window.title = parts[1]
            set(window, address: address)
        default:
            break
        }
    }

    func set(_ window: FocusedWindow?, address: String) {
        let changed = state.withLock { old in
            defer { old = (window, address) }
            return old.window != window
        }
        if changed { onFocusChange?(window) }
    }

    /// A client of `j/activewindow` (`{}`: none).
    static func window(_ json: JSONValue) -> FocusedWindow? {
        guard let app = json["class"]?.stringValue, !app.isEmpty else { return nil }
        let initial = json["initialClass"]?.stringValue
        return FocusedWindow(app: app, otherNames: initial.map { $0 == app ? [] : [$0] } ?? [], title: json["title"]?.stringValue ?? "")
    }

    public func perform(_ action: WindowAction) throws(DesktopError) {
        let dispatch: String
        switch action {
        case .close: dispatch = "killactive"
        case .maximize: dispatch = "fullscreen 1"
        case .fullscreen: dispatch = "fullscreen 0"
        case .workspace(.next): dispatch = "workspace e+1"
        case .workspace(.previous): dispatch = "workspace e-1"
        case .workspace(.number(let n)): dispatch = "workspace \(n)"
        case .moveToWorkspace(.next): dispatch = "movetoworkspace e+1"
        case .moveToWorkspace(.previous): dispatch = "movetoworkspace e-1"
        case .moveToWorkspace(.number(let n)): dispatch = "movetoworkspace \(n)"
        case .minimize: throw DesktopError("Hyprland has no minimize; a special workspace is its nearest (`run: [hyprctl, dispatch, movetoworkspacesilent, special]`)")
        case .showDesktop: throw DesktopError("Hyprland has no desktop to show; use `window: workspace N` on an empty workspace")
        }
        let reply = try request("dispatch \(dispatch)")
        guard reply.trimmed == "ok" else { throw DesktopError("Hyprland refused `dispatch \(dispatch)`: \(reply)") }
    }
}
