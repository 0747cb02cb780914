import ArgumentParser
import GestureClient
import GestureCommandLine
import GestureCore
import GestureOptions
import GestureWire
import Posix

/// `gesturectl subscribe`: live gestures from the daemon.
struct SubscribeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subscribe",
        abstract: "Print gestures from the running daemon as they happen.",
        discussion: """
            Readable by default: a line when an instance starts, ends or fails, with its value in a few words \
            (--updates adds every change in between), as replay --text prints it. --json passes the daemon's \
            JSON lines through, nothing else (connection news goes to standard error). Waits for a daemon \
            that is not there yet (saying so once), and reconnects and subscribes again when it restarts; \
            --no-reconnect ends instead, as the stream ends (exit 0; exit 1 when no daemon answers at the \
            start, or when it went away before --count's lines were printed). A mistake the daemon reports (an unknown name) ends it \
            with the daemon's message (exit 1); a daemon that does not serve this user, with its reason \
            (exit 77).
            """)

    @Argument(help: ArgumentHelp("Configured gesture names (default: all).", valueName: "name"))
    var names: [String] = []

    @Flag(name: .long, help: "Print the daemon's JSON lines as they are.")
    var json = false

    @Flag(name: .long, help: "Also print every active update (readable form).")
    var updates = false

    @Option(name: .customLong("device"), help: ArgumentHelp("Only this device id (repeatable).", valueName: "id"))
    var devices: [Int64] = []

    @Option(name: .customLong("phase"), help: ArgumentHelp("Only these phases: active, ended, failed (repeatable).", valueName: "phase"))
    var phases: [String] = []

    @Flag(name: .customLong("touchpad-gestures"), help: "Also receive libinput's own touchpad gestures.")
    var touchpadGestures = false

    @Flag(name: .customLong("touches"), help: "Also receive every frame of touches as gestured sees them (your session in front).")
    var touches = false

    @Flag(name: .customLong("trace"), help: "Also receive why gestures fire or not: the touch arenas they win and lose, and failures no event shows (your session in front).")
    var trace = false

    @Flag(name: .customLong("consume"), help: "Keep the touches of these gestures from the desktop while this runs (your session in front).")
    var consume = false

    @Option(name: .customLong("count"), parsing: .unconditional, help: ArgumentHelp("Exit after printing this many gesture lines (active updates count only when printed: --updates or --json).", valueName: "n"))
    var count: Int?

    @Flag(name: .customLong("no-reconnect"), help: "Exit when the daemon goes away instead of waiting for it.")
    var noReconnect = false

    @OptionGroup var daemon: SocketOption

    func validate() throws {
        for phase in phases where !["active", "ended", "failed"].contains(phase) {
            throw ValidationError("--phase must be active, ended or failed, not \(phase)")
        }
        if let count, count < 1 { throw ValidationError("--count must be 1 or more, not \(count)") }
    }

    func run() async throws {
        let request = SubscriptionRequest(
            gestures: names, devices: devices.isEmpty ? nil : devices,
            phases: phases.isEmpty ? nil : Set(phases.compactMap(PhaseKind.init(rawValue:))), touchpadGestures: touchpadGestures,
            consume: consume, touches: touches, trace: trace)
        var (client, hello, events) = try await DaemonConnection.open("subscribe", socket: daemon.socket, reconnects: !noReconnect, subscriptions: [request])
        var output = FileHandleOutput()
        output.write(json ? hello.json.serialized : "connected to gestured \(hello.server) at \(client.path)")
        output.flush()
        var seen = 0
        var printed = false
        var gone = false
        var lines = EventLines(path: client.path, updates: updates, reconnects: !noReconnect)
        while let event = await events.next() {
            switch event {
            case .serverError(let code, let message), .subscriptionRefused(_, let code, let message):
                // A mistake in the request (an unknown name, a bad definition) or a refusal:
                // nothing would ever come, so say it and end.
                await client.close()
                if code == "forbidden" { throw DaemonConnection.refused("gesturectl subscribe", message) }
                throw CleanExit.message("gesturectl subscribe: \(message) (\(code))", code: 1)
            case .disconnected:
                // Not a line of the daemon's: said on standard error in --json mode.
                guard let line = lines.line(event) else { break }
                if json { StandardError.line("gesturectl subscribe: " + line) } else { output.write(line) }
            case _ where json:
                output.write(event.json.serialized)
                printed = true
            default:
                if let line = lines.line(event) {
                    output.write(line)
                    printed = true
                }
            }
            output.flush()
            // --count counts the gesture lines printed (an update the readable form leaves out
            // is no line).
            if case .gesture = event, printed {
                seen += 1
                if let count, seen >= count { break }
            }
            printed = false
            if case .disconnected = event, noReconnect {
                gone = true
                break
            }
        }
        await client.close()
        _ = client
        if gone, let count, seen < count {
            throw CleanExit.message("gesturectl subscribe: gestured went away after \(seen) of \(count) gesture lines", code: 1)
        }
    }
}
