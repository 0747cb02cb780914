import GesturePipeline
/// What a `window:` action does to the focused window or the workspaces, through the desktop's
/// own interface (sway/i3 commands, EWMH client messages on X11, Hyprland dispatchers).
public enum WindowAction: Hashable, Sendable, CustomStringConvertible {
    /// Close the focused window (as its close button does).
    case close
    /// Maximize it, or restore it when it is maximized.
    case maximize
    /// Minimize (iconify) it.
    case minimize
    /// Make it fullscreen, or leave fullscreen.
    case fullscreen
    /// Show the desktop, or bring the windows back.
    case showDesktop
    /// Go to another workspace.
    case workspace(WorkspaceTarget)

    /// Which workspace.
    public enum WorkspaceTarget: Hashable, Sendable {
        /// The next one.
        case next
        /// The previous one.
        case previous
        /// Number N (from 1).
        case number(Int)
    }

    /// As written in the actions file: `close`, `{ workspace: next }`.
    public var description: String {
        switch self {
        case .close: "close"
        case .maximize: "maximize"
        case .minimize: "minimize"
        case .fullscreen: "fullscreen"
        case .showDesktop: "show-desktop"
        case .workspace(.next): "workspace next"
        case .workspace(.previous): "workspace previous"
        case .workspace(.number(let n)): "workspace \(n)"
        }
    }

    /// Reads `close`, `maximize`, `minimize`, `fullscreen`, `show-desktop`, `workspace next`,
    /// `workspace previous` (or `prev`), `workspace N`.
    public init?(_ text: String) {
        let words = text.split(separator: " ").map(String.init)
        switch words {
        case ["close"]: self = .close
        case ["maximize"]: self = .maximize
        case ["minimize"]: self = .minimize
        case ["fullscreen"]: self = .fullscreen
        case ["show-desktop"]: self = .showDesktop
        case ["workspace", "next"]: self = .workspace(.next)
        case ["workspace", "previous"], ["workspace", "prev"]: self = .workspace(.previous)
        default:
            guard words.count == 2, words[0] == "workspace", let n = Int(words[1]), (1...99).contains(n) else { return nil }
            self = .workspace(.number(n))
        }
    }
}
