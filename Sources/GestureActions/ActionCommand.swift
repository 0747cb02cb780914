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

    /// A process's command as a shell would take it back, for people to read (`--check`, the
    /// view, the overlay): each word quoted when it must be, a single quote inside a quoted word
    /// written as `'\''`; nil for keys and window actions.
    public var commandLine: String? {
        switch self {
        case .argv(let words): return words.map(Self.quoted).joined(separator: " ")
        case .shell(let line): return "sh -c " + Self.quoted(line)
        case .input, .window: return nil
        }
    }

    /// `word` as POSIX shells read it back: as it is when it holds only characters no shell
    /// treats specially, else in single quotes.
    public static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))) || "@%+=:,./-_^".unicodeScalars.contains(scalar)
        }
        return plain ? word : "'" + word.replacing("'", with: #"'\''"#) + "'"
    }

    /// What it types, when it types.
    public var input: ActionInput? {
        if case .input(let input) = self { return input }
        return nil
    }
}
