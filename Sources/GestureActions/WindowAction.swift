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
    /// Move the focused window to another workspace, and go there with it.
    case moveToWorkspace(WorkspaceTarget)

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
        case .moveToWorkspace(.next): "move-to-workspace next"
        case .moveToWorkspace(.previous): "move-to-workspace previous"
        case .moveToWorkspace(.number(let n)): "move-to-workspace \(n)"
        }
    }

    /// Reads `close`, `maximize`, `minimize`, `fullscreen`, `show-desktop`, `workspace next`,
    /// `workspace previous` (or `prev`), `workspace N`, and `move-to-workspace` with the same
    /// three targets.
    public init?(_ text: String) {
        let words = text.split(separator: " ").map(String.init)
        switch words {
        case ["close"]: self = .close
        case ["maximize"]: self = .maximize
        case ["minimize"]: self = .minimize
        case ["fullscreen"]: self = .fullscreen
        case ["show-desktop"]: self = .showDesktop
        default:
            guard words.count == 2, let target = WorkspaceTarget(words[1]) else { return nil }
            switch words[0] {
            case "workspace": self = .workspace(target)
            case "move-to-workspace": self = .moveToWorkspace(target)
            default: return nil
            }
        }
    }
}

extension WindowAction.WorkspaceTarget {
    /// Reads `next`, `previous` (or `prev`), or a number from 1 to 99.
    init?(_ word: String) {
        switch word {
        case "next": self = .next
        case "previous", "prev": self = .previous
        default:
            guard let n = Int(word), (1...99).contains(n) else { return nil }
            self = .number(n)
        }
    }
}
