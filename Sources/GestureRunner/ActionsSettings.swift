import GestureActions
import GestureCommandLine
import GestureCore
import GestureDesktop
import GesturePipeline
import GestureWire
import Glibc
import PlainOptions
import Posix

/// What `gesturectl actions` and `gestured-actions` take, and what they do with it: run the
/// commands of an actions file for gestures, one connection for all of them (``run()``), or
/// check the file (`--check`). The two programs are one runner: the user service
/// `gestured-actions.service` starts the one that links only this (docs/ACTIONS.md), whose
/// command line is read without swift-argument-parser (``RunnerCommandLine``); gesturectl's
/// `ActionsOptions` reads the same ``options`` with it.
public struct ActionsSettings: Sendable, Equatable {
    /// The discussion of both commands' `--help`.
    public static let discussion = """
        Reloads the file when it changes (a symbolic link is followed: its target's saves and the link \
        re-pointed are seen) and on SIGHUP; a file with a mistake is reported and the previous \
        actions kept. A second runner of the same file exits 75 unless --allow-second. Reconnects when the daemon restarts. Commands get GESTURE_NAME, GESTURE_PHASE, \
        GESTURE_REASON, GESTURE_INSTANCE, GESTURE_DEVICE, GESTURE_VALUE, GESTURE_STATE (JSON) and, for steps, \
        GESTURE_STEP (forward or back). See docs/ACTIONS.md.
        """

    /// The options both commands take, in the order `--help` lists them.
    public static let options: [OptionSpec] = [
        OptionSpec("file", value: "path", help: "The actions file (default: $XDG_CONFIG_HOME/gestured/actions.yml, ~/.config/gestured/actions.yml)."),
        OptionSpec(flag: "check", help: "Check the file against the daemon's configuration and list its actions, then exit (1 when it has a mistake)."),
        OptionSpec(
            "config", value: "file",
            help: "With --check: the daemon's configuration, whose gestures the actions may name (default: as gestured chooses it, \(RecordingLoader.systemConfig) when it exists, else the built-in set)."),
        OptionSpec(flag: "verbose", help: "Say each command as it starts."),
        OptionSpec(flag: "once", help: "Exit once the daemon goes away (after the commands running then finish), instead of reconnecting: for scripts and a replay."),
        OptionSpec(
            "strokes", value: "path",
            help: "The recorded strokes the actions' stroke gestures may name (default: $XDG_CONFIG_HOME/gestured/strokes.yml, ~/.config/gestured/strokes.yml, when it exists; gesturectl stroke record writes it)."),
        OptionSpec(flag: "allow-second", help: "Run even when another runner of this user already runs the same file (every action then runs once for each)."),
        OptionSpec("socket", value: "path", help: DaemonConnection.socketHelp),
    ]

    /// The help of the option named `name` (one of ``options``).
    public static func help(_ name: String) -> String {
        options.first { $0.name == name }?.help ?? ""
    }

    /// `--file`: the actions file (nil: the user's).
    public var file: String?
    /// `--check`: check the file and exit.
    public var check = false
    /// `--config`: with `--check`, the daemon's configuration.
    public var config: String?
    /// `--verbose`: say each command as it starts.
    public var verbose = false
    /// `--once`: exit once the daemon goes away.
    public var once = false
    /// `--strokes`: the recorded strokes file (nil: the user's).
    public var strokes: String?
    /// `--allow-second`: run beside another runner of the same file.
    public var allowSecond = false
    /// `--socket`: the daemon's socket (nil: as gestured resolves it).
    public var socket: String?

    /// Nothing given: the user's actions file, run.
    public init() {}

    /// Runs the file's actions until stopped (or, with `--once`, until the daemon goes away);
    /// with `--check`, checks it and exits.
    public func run() async throws {
        guard let path = file ?? UserConfigHome.path("gestured/actions.yml") else {
            throw ExitStatus.message("gesturectl actions: no actions file: give --file, or set HOME", code: 1)
        }
        let recorded: [StrokeTemplate]
        do {
            recorded = try UserStrokes.load(strokes)
        } catch {
            throw ExitStatus.message("gesturectl actions: \(error)", code: 1)
        }
        let actions: ActionsFile
        let version: String
        do {
            let text = try FileReader.text(path)
            version = ActionsFileEdit.version(of: text)
            actions = try ActionsFile.parse(text, file: path, strokes: recorded)
        } catch let error as FileReadError where error.reason == "no such file" {
            throw ExitStatus.message("gesturectl actions: \(path): no such file; write one (docs/ACTIONS.md, or: gesturectl actions --help)", code: 1)
        } catch {
            throw ExitStatus.message("gesturectl actions: \(error)", code: 1)
        }
        if check { return try self.check(actions, path: path) }
        if config != nil { throw ExitStatus.message("gesturectl actions: --config is for --check (a running runner takes its gestures from the daemon)", code: 64) }
        if !allowSecond, let folder = RunnerStatus.folder(), let first = RunnerStatus.read(running: path, in: folder).first(where: { $0.pid != getpid() && RunnerStatus.isRunner($0.pid) }) {
            throw ExitStatus.message(Self.secondRunner(first, path: path), code: Self.alreadyRunExitCode)
        }
        let keys: ActionKeys
        do {
            keys = try ActionKeys(actions)
        } catch {
            for problem in error.problems { StandardError.line("gesturectl actions: \(problem)") }
            throw ExitStatus(code: 1)
        }
        switch await ActionRunner(path: path, strokesPath: strokes, file: actions, keys: keys, socket: socket, verbose: verbose, once: once, version: version).run() {
        case .finished:
            return
        case .noDaemon:
            throw ExitStatus.message("gesturectl actions: gestured is not running at \(socket ?? SocketPath.resolve() ?? SocketPath.system)", code: 1)
        case .refused(let reason):
            throw DaemonConnection.refused("gesturectl actions", reason)
        }
    }

    /// The exit status of a runner that would be the second on a file (the user unit does not
    /// restart on it: `RestartPreventExitStatus=`).
    public static let alreadyRunExitCode: Int32 = 75

    /// What a second runner on the same file says: who runs it, and how to stop that one.
    static func secondRunner(_ first: RunnerStatus, path: String) -> String {
        let stop = RunnerStatus.isUserUnit(first.pid)
            ? "the user unit gestured-actions runs it: stop it with `systemctl --user stop gestured-actions`"
            : "stop that one first (kill \(first.pid))"
        return "gesturectl actions: \(UserConfigHome.shown(path)) is already run by process \(first.pid); a second runner would run every action twice: \(stop), or give --allow-second"
    }

    /// `--check`: every mistake with its line (exit 1), or the actions, one line each.
    func check(_ actions: ActionsFile, path: String) throws {
        let configPath = RecordingLoader.daemonConfigPath(config)
        let configured: GestureConfig
        do {
            configured = try RecordingLoader.config(configPath)
        } catch {
            throw ExitStatus.message("gesturectl actions: cannot read the daemon's configuration to check the names: \(error)", code: 1)
        }
        let against = "the gestures of \(configPath ?? "gestured's built-in set")"
        let checked = ActionsCheck(actions, configured: configured.bindings)
        let problems = checked.problems
        guard problems.isEmpty else {
            for problem in problems { StandardError.line("gesturectl actions: \(problem)") }
            throw ExitStatus.message("gesturectl actions: \(path): \(Counted.words(problems.count, "mistake")), checked against \(against)", code: 1)
        }
        var output = FileHandleOutput()
        // What the file takes from the desktop: a consumed gesture's touches never reach it.
        for index in actions.actions.indices {
            output.write(checked.line(index, of: actions) + (actions.consumes(actions.actions[index].gesture) ? " [consumes: the desktop does not get these touches]" : ""))
        }
        if let layout = checked.layout { output.write("keys are typed as on keyboard layout \(layout)") }
        // What a test against a replay needs to know: the replay waits for every subscription.
        let subscriptions = actions.subscriptions(configured: configured.bindings.map(\.name)).count
        if subscriptions > 1 {
            output.write("the runner makes \(subscriptions) subscriptions: against a replay, give gestured --wait-subscribers \(subscriptions)")
        }
        if actions.needsDesktop { output.write(Self.desktop()) }
        output.write("\(path): \(Counted.words(actions.actions.count, "action")), no mistakes (checked against \(against))")
        output.flush()
    }

    /// What `when:` and `window:` would go through here, and the window in front now — or why
    /// they could not (a warning, not a mistake: the file may be meant for another desktop).
    static func desktop() -> String {
        switch DesktopDetection.provider(ProcessEnvironment.current) {
        case .failure(let error):
            return "when: entries would be skipped and window: actions fail here: \(error)"
        case .success(let provider):
            do {
                try provider.start()
                defer { provider.stop() }
                return "when: and window: go through \(provider.name); in front now: \(provider.focused()?.description ?? "no window")"
            } catch {
                return "when: entries would be skipped and window: actions fail here: \(provider.name): \(error)"
            }
        }
    }

    /// One line for `--check`: `line 3: swipe-left-3 ended → swaymsg workspace next`.
    static func describe(_ action: ActionSpec, main: ActionKeys.Steps? = nil, back backSteps: ActionKeys.Steps? = nil) -> String {
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
        let holds: Bool
        if case .began = action.trigger { holds = true } else { holds = false }
        func text(_ command: ActionCommand, _ steps: ActionKeys.Steps?) -> String {
            switch command {
            case .argv, .shell: return command.commandLine ?? ""
            case .input(let input):
                guard let steps else { return input.summary }
                if holds && input.holds {
                    return "\(input.summary), held until it ends or fails (\(ActionKeys.codes(steps.press)); then \(ActionKeys.codes(steps.release)))"
                }
                return "\(input.summary) (\(ActionKeys.codes(steps.tap)))"
            case .window(let action):
                return "window \(action)"
            }
        }
        var line = "line \(action.line ?? 0): \(action.gesture)\(action.definition == nil ? "" : " (defined here)") \(when)\(action.when.map { " when \($0)" } ?? "")"
        if let command = action.command { line += " → \(text(command, main))" }
        if let back = action.back { line += "\(action.command == nil ? "" : ";") back → \(text(back, backSteps))" }
        return line
    }
}
