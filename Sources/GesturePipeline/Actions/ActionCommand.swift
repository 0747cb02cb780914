/// What an action runs.
public enum ActionCommand: Sendable, Equatable {
    /// A program and its arguments, no shell (`run: [swaymsg, workspace, next]`).
    case argv([String])
    /// A shell command line, run with `/bin/sh -c` (`shell: "pactl … && notify-send …"`).
    case shell(String)

    /// The argument vector to start.
    public var arguments: [String] {
        switch self {
        case .argv(let arguments): return arguments
        case .shell(let line): return ["/bin/sh", "-c", line]
        }
    }
}
