import ArgumentParser
import GesturePipeline
import Posix

/// `gesturectl actions`: runs the commands of an actions file for gestures, one connection for
/// all of them; what the user service `gestured-actions.service` runs. docs/ACTIONS.md.
struct ActionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "actions",
        abstract: "Run the commands of an actions file (default: ~/.config/gestured/actions.yml) when gestures begin, move, end or fail.",
        discussion: """
            Reloads the file when it changes and on SIGHUP; a file with a mistake is reported and the previous \
            actions kept. Reconnects when the daemon restarts. Commands get GESTURE_NAME, GESTURE_PHASE, \
            GESTURE_REASON, GESTURE_INSTANCE, GESTURE_DEVICE, GESTURE_VALUE, GESTURE_STATE (JSON) and, for steps, \
            GESTURE_STEP (forward or back). See docs/ACTIONS.md.
            """)

    @Option(name: .long, help: ArgumentHelp("The actions file (default: $XDG_CONFIG_HOME/gestured/actions.yml, ~/.config/gestured/actions.yml).", valueName: "path"))
    var file: String?

    @Flag(name: .long, help: "Check the file and list its actions, then exit (1 when it has a mistake).")
    var check = false

    @Flag(name: .long, help: "Say each command as it starts.")
    var verbose = false

    @Flag(name: .long, help: "Exit once the daemon goes away (after the commands running then finish), instead of reconnecting: for scripts and a replay.")
    var once = false

    @OptionGroup var daemon: SocketOption

    func run() async throws {
        guard let path = file ?? UserConfigHome.path("gestured/actions.yml") else {
            throw CleanExit.message("gesturectl actions: no actions file: give --file, or set HOME", code: 1)
        }
        let actions: ActionsFile
        do {
            actions = try ActionsFile.parse(try FileReader.text(path), file: path)
        } catch let error as FileReadError where error.reason == "no such file" {
            throw CleanExit.message("gesturectl actions: \(path): no such file; write one (docs/ACTIONS.md, or: gesturectl actions --help)", code: 1)
        } catch {
            throw CleanExit.message("gesturectl actions: \(error)", code: 1)
        }
        if check {
            for action in actions.actions { print(Self.describe(action)) }
            print("\(path): \(actions.actions.count) actions, no mistakes")
            return
        }
        guard await ActionRunner(path: path, file: actions, socket: daemon.socket, verbose: verbose, once: once).run() else {
            throw CleanExit.message("gesturectl actions: gestured is not running\(daemon.socket.map { " at \($0)" } ?? "")", code: 1)
        }
    }

    /// One line for `--check`: `line 3: swipe-left-3 ended → swaymsg workspace next`.
    static func describe(_ action: ActionSpec) -> String {
        let when: String
        switch action.trigger {
        case .began: when = "began"
        case .ended: when = "ended"
        case .failed: when = "failed"
        case .held(let interval): when = "every \(interval) s while held"
        case .update(let step):
            switch step.measure {
            case .distance(let axis): when = "every \(step.size) mm\(axis.map { " along \($0.rawValue)" } ?? "")"
            case .scale: when = "every \(step.size) of scale"
            case .angle: when = "every \(step.size)°"
            }
        }
        func text(_ command: ActionCommand) -> String {
            switch command {
            case .argv(let words): return words.joined(separator: " ")
            case .shell(let line): return "sh -c '\(line)'"
            }
        }
        var line = "line \(action.line ?? 0): \(action.gesture)\(action.definition == nil ? "" : " (defined here)") \(when)"
        if let command = action.command { line += " → \(text(command))" }
        if let back = action.back { line += "\(action.command == nil ? "" : ";") back → \(text(back))" }
        return line
    }
}
