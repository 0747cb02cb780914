import GestureDaemon
import GesturePipeline
import GestureWire
import Logging
import Glibc
import PlainOptions
import Posix

/// `gestured`: recognizes gestures and publishes them on a Unix socket. Its options, read by
/// ``reader`` (without swift-argument-parser: the daemon stays resident all day, and the parser
/// linked FoundationEssentials, 1.8 MB of its memory; docs/BENCHMARKS.md), become
/// ``DaemonOptions`` for ``Daemon`` (GestureDaemon), which assembles and runs the daemon.
/// Started by ``GesturedMain``, which runs ``run()`` on the daemon's one event loop.
struct Gestured: Sendable {
    static let systemConfig = RecordingLoader.systemConfig

    /// The daemon's command line: its options, help, version and man page.
    static let reader = OptionReader(
        program: "gestured",
        abstract: "The gesture daemon: reads touch input, recognizes gestures and publishes them on a Unix socket (newline-delimited JSON).",
        discussion: """
            Finds touchscreens and touchpads through libinput on a udev seat and reads their nodes itself \
            (a touchpad's raw fingers; libinput keeps a touchscreen that shares its device with a pen), \
            or a recording with --replay. SIGTERM/SIGINT shut down gracefully (gestures in flight fail with \
            reason shutdown, delivered first); SIGHUP reloads the configuration. Under systemd it takes its \
            socket from socket activation and reports READY/STOPPING/WATCHDOG. See docs/PROTOCOL.md.
            """,
        version: GesturedVersion.current,
        options: [
            OptionSpec("config", value: "file", help: "Gesture configuration (default: \(systemConfig) when it exists, else the built-in set)."),
            OptionSpec(
                "socket", value: "path",
                help: "Socket path (default: $GESTURED_SOCKET, /run/gestured/gestured.sock, $XDG_RUNTIME_DIR/gestured.sock). Ignored when systemd passes a socket."),
            OptionSpec("socket-group", value: "group", help: "Give the socket file to this group (name or gid); it is mode 0660."),
            OptionSpec("seat", value: "seat", help: "The udev seat for live input.", defaultValue: "seat0"),
            OptionSpec("device", value: "path", help: "Read just this input node instead of a seat (repeatable; no hotplug).", repeating: true),
            OptionSpec("replay", value: "recording", help: "Use a recording as input instead of devices.", repeating: true),
            OptionSpec("device-description", value: "desc", help: "The .desc file for evemu recordings without a header."),
            OptionSpec(flag: "loop", help: "Replay again and again (not with --exit-after-replay)."),
            OptionSpec(flag: "realtime", help: "Replay at the recording's pace (default: as fast as possible)."),
            OptionSpec(
                "wait-subscribers", value: "n", help: "Start the replay once this many subscriptions (or recordings) exist (0 or more).", kind: .integer,
                defaultValue: "0", unconditional: true),
            OptionSpec(
                "client-queue-limit", value: "n", help: "Messages a client may fall behind before it is disconnected (1 or more).", kind: .integer,
                defaultValue: "1024", unconditional: true),
            OptionSpec(flag: "exit-after-replay", help: "Shut down (gestures fail with reason shutdown) once a single replay has played out."),
            OptionSpec(flag: "latency-stamps", help: "Add ingressUs (CLOCK_MONOTONIC µs when the frame entered the engine) to gesture events, for latency measurements."),
            OptionSpec(
                "virtual-keyboard", value: "path", help: "The uinput node the virtual keyboard is made through, when a client first types (live input only).",
                defaultValue: "/dev/uinput"),
            OptionSpec(flag: "no-virtual-keyboard", help: "No virtual keyboard: `keys` requests are refused."),
            OptionSpec(
                flag: "list-devices",
                help: "List the touch devices libinput sees on --seat, a line each, and exit (what `gesturectl devices` prints when it asks libinput)."),
            OptionSpec("log-level", value: "level", help: "trace, debug, info, notice, warning, error or critical.", defaultValue: "info"),
        ])

    var config: String?
    var socket: String?
    var socketGroup: String?
    var seat = "seat0"
    var devices: [String] = []
    var replay: [String] = []
    var deviceDescription: String?
    var loop = false
    var realtime = false
    var waitSubscribers = 0
    var clientQueueLimit = 1024
    var exitAfterReplay = false
    var latencyStamps = false
    var virtualKeyboard = "/dev/uinput"
    var noVirtualKeyboard = false
    var listDevices = false
    var logLevel = "info"

    /// What the command line gave (``reader``), each option not given at its default.
    init(_ values: OptionValues) {
        config = values.value("config")
        socket = values.value("socket")
        socketGroup = values.value("socket-group")
        seat = values.value("seat") ?? seat
        devices = values.values("device")
        replay = values.values("replay")
        deviceDescription = values.value("device-description")
        loop = values.flag("loop")
        realtime = values.flag("realtime")
        waitSubscribers = values.integer("wait-subscribers", otherwise: waitSubscribers)
        clientQueueLimit = values.integer("client-queue-limit", otherwise: clientQueueLimit)
        exitAfterReplay = values.flag("exit-after-replay")
        latencyStamps = values.flag("latency-stamps")
        virtualKeyboard = values.value("virtual-keyboard") ?? virtualKeyboard
        noVirtualKeyboard = values.flag("no-virtual-keyboard")
        listDevices = values.flag("list-devices")
        logLevel = values.value("log-level") ?? logLevel
    }

    /// What is wrong with the options together, said as a usage mistake; nil when nothing is.
    func mistake() -> String? {
        guard Logger.Level(rawValue: logLevel) != nil else {
            return "--log-level must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")); not \(logLevel)"
        }
        if socket?.isEmpty == true { return "--socket needs a path, e.g. --socket /tmp/gestured.sock" }
        if socketGroup?.isEmpty == true { return "--socket-group needs a group's name or gid" }
        if seat.isEmpty { return "--seat needs a udev seat's name, e.g. seat0" }
        guard waitSubscribers >= 0 else { return "--wait-subscribers must be 0 or more, not \(waitSubscribers)" }
        guard clientQueueLimit >= 1 else { return "--client-queue-limit must be 1 or more, not \(clientQueueLimit)" }
        if loop && exitAfterReplay {
            return "--loop replays forever, so --exit-after-replay would never come; give one of them"
        }
        if replay.isEmpty {
            for (given, flag) in [(loop, "--loop"), (realtime, "--realtime"), (exitAfterReplay, "--exit-after-replay"), (waitSubscribers > 0, "--wait-subscribers")] where given {
                return "\(flag) goes with --replay"
            }
        }
        return nil
    }

    /// Runs the daemon (or, with `--list-devices`, lists the seat's devices) until it is stopped.
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
            throw ExitStatus.message("gestured: \(error)", code: 1)
        }
    }

    /// `--list-devices`: the seat's touch devices on standard output; exit 1 when libinput
    /// cannot be set up, or nothing could be opened and something could not.
    static func list(seat: String) throws {
        let result: SeatDeviceListing.Result
        do {
            result = try SeatDeviceListing.list(seat: seat)
        } catch {
            throw ExitStatus.message("gestured: \(error)", code: 1)
        }
        WholeWrite.write(result.lines.joined(separator: "\n") + "\n", to: STDOUT_FILENO)
        if result.failed { throw ExitStatus(code: 1) }
    }
}

