import GesturePipeline
/// What an action runs.
public enum ActionCommand: Sendable, Equatable {
    /// A program and its arguments, no shell (`run: [swaymsg, workspace, next]`).
    case argv([String])
    /// A shell command line, run with `/bin/sh -c` (`shell: "pactl … && notify-send …"`).
    case shell(String)
    /// Keys, buttons or the wheel, typed by the daemon's virtual keyboard (`keys: super+Right`).
    case input(ActionInput)
    /// Something done to the focused window or the workspaces, through the desktop (`window: close`).
    case window(WindowAction)

    /// The argument vector to start (none for ``input(_:)``, which starts no process).
    public var arguments: [String] {
        switch self {
        case .argv(let arguments): return arguments
        case .shell(let line): return ["/bin/sh", "-c", line]
        case .input, .window: return []
        }
    }

    /// What it types, when it types.
    public var input: ActionInput? {
        if case .input(let input) = self { return input }
        return nil
    }
}
