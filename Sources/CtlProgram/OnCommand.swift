import ArgumentParser
import GestureClient
import GestureCommandLine
import GestureCore
import GestureOptions
import GestureWire
import Posix

/// `gesturectl on NAME -- COMMAND…`: run a command for each matching gesture, the way
/// libinput-gestures and fusuma users bind gestures to actions.
struct OnCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "on",
        abstract: "Run a command each time a gesture reaches a phase (default: ended).",
        discussion: """
            Example: gesturectl on swipe-left-3 -- echo swiped left (keys need no tool: gesturectl keys, or an actions file)
            The command runs without a shell, once per event, not waiting for the previous run; it gets \
            GESTURE_NAME, GESTURE_PHASE, GESTURE_REASON, GESTURE_INSTANCE, GESTURE_DEVICE, GESTURE_VALUE and \
            GESTURE_STATE (JSON) in its environment. Waits for a daemon that is not there yet (saying so \
            once) and reconnects when it restarts. Exits 1 on a mistake the daemon reports (an unknown \
            name), 77 when the daemon does not serve this user, 127 when the command cannot start.
            """)

    @Argument(help: ArgumentHelp("The configured gesture's name.", valueName: "name"))
    var name: String

    @Option(name: .long, help: ArgumentHelp("active (first update of each instance), ended or failed.", valueName: "phase"))
    var phase = "ended"

    @OptionGroup var daemon: SocketOption

    @Option(name: .customLong("count"), parsing: .unconditional, help: ArgumentHelp("Exit after running the command this many times.", valueName: "n"))
    var count: Int?

    @Argument(parsing: .postTerminator, help: ArgumentHelp("The command and its arguments, after --.", valueName: "command"))
    var command: [String] = []

    func validate() throws {
        guard PhaseKind(rawValue: phase) != nil, phase != "possible" else { throw ValidationError("--phase must be active, ended or failed") }
        guard !command.isEmpty else { throw ValidationError("give the command after --, e.g. gesturectl on \(name) -- notify-send swiped") }
        if let count, count < 1 { throw ValidationError("--count must be 1 or more, not \(count)") }
    }

    func run() async throws {
        let wanted = PhaseKind(rawValue: phase)!
        // A command that cannot start would fail on every gesture: say so now.
        guard ChildProcess.canRun(command[0], path: ProcessEnvironment.value("PATH")) else {
            throw CleanExit.message("gesturectl on: cannot run \(command[0]): no such program (not a file, or not on PATH)", code: Self.cannotRunStatus)
        }
        // Active: only the first update of each instance is a "phase change" worth a command.
        let request = SubscriptionRequest(gestures: [name], phases: [wanted])
        var (client, _, events) = try await DaemonConnection.open("on", socket: daemon.socket, reconnects: true, subscriptions: [request])
        var fired: Set<Int64> = []
        var runs = 0
        var children: [ChildProcess] = []
        while let event = await events.next() {
            switch event {
            case .gesture(let update) where update.gesture == name && update.phase == wanted:
                if wanted == .active { guard fired.insert(update.instance).inserted else { continue } }
                children.removeAll { !$0.isRunning }
                do {
                    children.append(try launch(update))
                } catch {
                    await client.close()
                    throw CleanExit.message("gesturectl on: \(error)", code: Self.cannotRunStatus)
                }
                runs += 1
            case .serverError(let code, let message), .subscriptionRefused(_, let code, let message):
                await client.close()
                if code == "forbidden" { throw DaemonConnection.refused("gesturectl on", message) }
                throw CleanExit.message("gesturectl on: \(message) (\(code))", code: 1)
            case .disconnected:
                fired.removeAll()
            default:
                continue
            }
            if let count, runs >= count { break }
        }
        for child in children { child.wait() }
        await client.close()
        _ = client
    }

    /// The exit status when the command cannot start (as a shell's for a command not found).
    static let cannotRunStatus: Int32 = 127

    func launch(_ update: GestureUpdate) throws -> ChildProcess {
        var environment: [String: String] = [:]
        environment["GESTURE_NAME"] = update.gesture
        environment["GESTURE_PHASE"] = update.phase.rawValue
        environment["GESTURE_REASON"] = update.reason ?? ""
        environment["GESTURE_INSTANCE"] = String(update.instance)
        environment["GESTURE_DEVICE"] = String(update.device)
        environment["GESTURE_VALUE"] = update.value?.serialized ?? "null"
        environment["GESTURE_STATE"] = update.state?.serialized ?? "null"
        return try ChildProcess(command, environment: environment, inheriting: true)
    }
}
