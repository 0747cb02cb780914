import ArgumentParser
import GestureDaemon
import GesturePipeline
import GestureWire
import Logging
import Glibc
import Posix

/// `gestured`: recognizes gestures and publishes them on a Unix socket. Its flags, parsed into
/// ``DaemonOptions`` for ``Daemon`` (GestureDaemon), which assembles and runs the daemon.
/// Started by ``GesturedMain``, which runs ``run()`` on the daemon's one event loop.
struct Gestured: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gestured",
        abstract: "The gesture daemon: reads touch input, recognizes gestures and publishes them on a Unix socket (newline-delimited JSON).",
        discussion: """
            Finds touchscreens and touchpads through libinput on a udev seat and reads their nodes itself \
            (a touchpad's raw fingers; libinput keeps a touchscreen that shares its device with a pen), \
            or a recording with --replay. SIGTERM/SIGINT shut down gracefully (gestures in flight fail with \
            reason shutdown, delivered first); SIGHUP reloads the configuration. Under systemd it takes its \
            socket from socket activation and reports READY/STOPPING/WATCHDOG. See docs/PROTOCOL.md.
            """,
        version: GesturedVersion.current)

    static let systemConfig = RecordingLoader.systemConfig

    @Option(name: .long, help: ArgumentHelp("Gesture configuration (default: \(systemConfig) when it exists, else the built-in set).", valueName: "file"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("Socket path (default: $GESTURED_SOCKET, /run/gestured/gestured.sock, $XDG_RUNTIME_DIR/gestured.sock). Ignored when systemd passes a socket.", valueName: "path"))
    var socket: String?

    @Option(name: .customLong("socket-group"), help: ArgumentHelp("Give the socket file to this group (name or gid); it is mode 0660.", valueName: "group"))
    var socketGroup: String?

    @Option(name: .long, help: ArgumentHelp("The udev seat for live input.", valueName: "seat"))
    var seat = "seat0"

    @Option(name: .customLong("device"), help: ArgumentHelp("Read just this input node instead of a seat (repeatable; no hotplug).", valueName: "path"))
    var devices: [String] = []

    @Option(name: .long, help: ArgumentHelp("Use a recording as input instead of devices.", valueName: "recording"))
    var replay: [String] = []

    @Option(name: .customLong("device-description"), help: ArgumentHelp("The .desc file for evemu recordings without a header.", valueName: "desc"))
    var deviceDescription: String?

    @Flag(name: .long, help: "Replay again and again (not with --exit-after-replay).")
    var loop = false

    @Flag(name: .long, help: "Replay at the recording's pace (default: as fast as possible).")
    var realtime = false

    @Option(name: .customLong("wait-subscribers"), parsing: .unconditional, help: ArgumentHelp("Start the replay once this many subscriptions (or recordings) exist (0 or more).", valueName: "n"))
    var waitSubscribers = 0

    @Option(name: .customLong("client-queue-limit"), parsing: .unconditional, help: ArgumentHelp("Messages a client may fall behind before it is disconnected (1 or more).", valueName: "n"))
    var clientQueueLimit = 1024

    @Flag(name: .customLong("exit-after-replay"), help: "Shut down (gestures fail with reason shutdown) once a single replay has played out.")
    var exitAfterReplay = false

    @Flag(name: .customLong("latency-stamps"), help: "Add ingressUs (CLOCK_MONOTONIC µs when the frame entered the engine) to gesture events, for latency measurements.")
    var latencyStamps = false

    @Option(name: .customLong("virtual-keyboard"), help: ArgumentHelp("The uinput node the virtual keyboard is made through, when a client first types (live input only).", valueName: "path"))
    var virtualKeyboard = "/dev/uinput"

    @Flag(name: .customLong("no-virtual-keyboard"), help: "No virtual keyboard: `keys` requests are refused.")
    var noVirtualKeyboard = false

    @Flag(name: .customLong("list-devices"), help: "List the touch devices libinput sees on --seat, a line each, and exit (what `gesturectl devices` prints when it asks libinput).")
    var listDevices = false

    @Option(name: .customLong("log-level"), help: ArgumentHelp("trace, debug, info, notice, warning, error or critical.", valueName: "level"))
    var logLevel = "info"

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")); not \(logLevel)")
        }
        if socket?.isEmpty == true { throw ValidationError("--socket needs a path, e.g. --socket /tmp/gestured.sock") }
        if socketGroup?.isEmpty == true { throw ValidationError("--socket-group needs a group's name or gid") }
        if seat.isEmpty { throw ValidationError("--seat needs a udev seat's name, e.g. seat0") }
        guard waitSubscribers >= 0 else { throw ValidationError("--wait-subscribers must be 0 or more, not \(waitSubscribers)") }
        guard clientQueueLimit >= 1 else { throw ValidationError("--client-queue-limit must be 1 or more, not \(clientQueueLimit)") }
        if loop && exitAfterReplay {
            throw ValidationError("--loop replays forever, so --exit-after-replay would never come; give one of them")
        }
        if replay.isEmpty {
            for (given, flag) in [(loop, "--loop"), (realtime, "--realtime"), (exitAfterReplay, "--exit-after-replay"), (waitSubscribers > 0, "--wait-subscribers")] where given {
                throw ValidationError("\(flag) goes with --replay")
            }
        }
    }

    func run() async throws {
        if listDevices { return try Self.list(seat: seat) }
        let level = Logger.Level(rawValue: logLevel)!
        LoggingSystem.bootstrap { label in
            var handler: any LogHandler = JournalLogHandler.stderrIsJournal ? JournalLogHandler(label: label) : StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "gestured")

        var options = DaemonOptions()
        options.config = config
        options.socket = socket
        options.socketGroup = socketGroup
        options.seat = seat
        options.devices = devices
        options.replay = replay
        options.deviceDescription = deviceDescription
        options.loop = loop
        options.realtime = realtime
        options.waitSubscribers = waitSubscribers
        options.clientQueueLimit = clientQueueLimit
        options.exitAfterReplay = exitAfterReplay
        options.latencyStamps = latencyStamps
        options.virtualKeyboard = noVirtualKeyboard ? nil : virtualKeyboard
        do {
            try await Daemon(options, logger: logger).run()
        } catch let error as DaemonError {
            throw CleanExit.message("gestured: \(error)", code: 1)
        }
    }

    /// `--list-devices`: the seat's touch devices on standard output; exit 1 when libinput
    /// cannot be set up, or nothing could be opened and something could not.
    static func list(seat: String) throws {
        let result: SeatDeviceListing.Result
        do {
            result = try SeatDeviceListing.list(seat: seat)
        } catch {
            throw CleanExit.message("gestured: \(error)", code: 1)
        }
        WholeWrite.write(result.lines.joined(separator: "\n") + "\n", to: STDOUT_FILENO)
        if result.failed { throw ExitCode(1) }
    }
}

extension CleanExit {
    static func message(_ text: String, code: Int32) -> ExitCode {
        StandardError.line(text)
        return ExitCode(code)
    }
}
