import ArgumentParser
import GestureCore
import GestureDaemon
import GesturePipeline
import GestureWire
import LinuxInput
import Logging
import NIOCore
import NIOPosix
import Posix
import ServiceLifecycle

/// `gestured`: recognizes gestures and publishes them on a Unix socket. Started by
/// ``GesturedMain``, which runs ``run()`` on the daemon's one event loop.
struct Gestured: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gestured",
        abstract: "The gesture daemon: reads touch input, recognizes gestures and publishes them on a Unix socket (newline-delimited JSON).",
        discussion: """
            Reads touchscreens through libinput on a udev seat and touchpads' raw fingers through libevdev, \
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

    @Flag(name: .long, help: "Replay again and again.")
    var loop = false

    @Flag(name: .long, help: "Replay at the recording's pace (default: as fast as possible).")
    var realtime = false

    @Option(name: .customLong("wait-subscribers"), help: ArgumentHelp("Start the replay once this many subscriptions exist.", valueName: "n"))
    var waitSubscribers = 0

    @Option(name: .customLong("client-queue-limit"), help: ArgumentHelp("Messages a client may fall behind before it is disconnected.", valueName: "n"))
    var clientQueueLimit = 1024

    @Flag(name: .customLong("exit-after-replay"), help: "Shut down (gestures fail with reason shutdown) once a single replay has played out.")
    var exitAfterReplay = false

    @Flag(name: .customLong("latency-stamps"), help: "Add ingressUs (CLOCK_MONOTONIC µs when the frame entered the engine) to gesture events, for latency measurements.")
    var latencyStamps = false

    @Option(name: .customLong("log-level"), help: ArgumentHelp("trace, debug, info, notice, warning, error or critical.", valueName: "level"))
    var logLevel = "info"

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler: any LogHandler = JournalLogHandler.stderrIsJournal ? JournalLogHandler(label: label) : StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "gestured")

        let configPath = config
        let (gestureConfig, access) = try Self.loadConfig(configPath).get()
        let live = replay.isEmpty
        // libinput's quirks: touchpads' palm and thumb thresholds, live and in replay.
        let quirks = QuirksLoader.load()
        let plan: ReplayPlan?
        do {
            plan = live ? nil : ReplayPlan(recordings: try RecordingLoader.recordings(replay, description: deviceDescription), quirks: quirks.database)
        } catch {
            throw CleanExit.message("gestured: \(error)", code: 1)
        }
        for warning in quirks.warnings { logger.warning("\(warning)") }
        for clamp in plan?.clamps ?? [] { logger.warning("\(clamp.message)") }

        // The one event loop, which also runs this task and its children (GesturedMain).
        let loops = MultiThreadedEventLoopGroup.singleton
        let eventLoop = loops.next()
        let origin = plan?.origin ?? MonotonicClock.now
        let hub = GestureHub(
            loop: eventLoop, config: gestureConfig, origin: origin, serverVersion: GesturedVersion.current,
            capabilities: live ? ["live", "touchpad-gestures", "define", "snapshot"] : ["replay", "define", "snapshot"],
            outboxLimit: clientQueueLimit,
            // Live input fires deadlines from its own thread (LiveInput); a paced replay on the
            // loop, by the clock ReplayDriver starts with its first frame.
            deadlineClock: nil,
            logger: logger)
        try await eventLoop.submit {
            hub.access = access
            if latencyStamps { hub.ingressClock = { MonotonicClock.now.microseconds } }
        }.get()

        // Input first: a daemon that cannot read any device says so and does not start serving.
        let input: InputService.Source
        if let plan {
            let driver = ReplayDriver(hub: hub, plan: plan, realtime: realtime, repeats: loop)
            driver.waitSubscribers = waitSubscribers
            try await eventLoop.submit { driver.addDevices() }.get()
            input = .replay(driver, endsDaemon: exitAfterReplay)
        } else {
            do {
                input = .live(try LiveInput(hub: hub, seat: seat, paths: devices, quirks: quirks.database, logger: logger))
            } catch {
                throw CleanExit.message("gestured: \(error)", code: 1)
            }
        }

        // Live input follows who is in front of each seat (logind) from before the socket is
        // served, so that no client is judged without it; a replay's recordings belong to no seat.
        if live { try await SessionService.start(hub, logger: logger).get() }

        let server: any Channel
        let boundFile: SocketFile?
        let servingWord: String
        do {
            switch SocketActivation.take() {
            case .socket(let descriptor):
                server = try await GestureServer.serve(descriptor: descriptor, hub: hub, loops: loops)
                boundFile = nil
                servingWord = "serving the socket systemd passed in"
            case .invalid(let problem):
                throw SocketSetupError("socket activation: \(problem)")
            case .none:
                guard let path = socket ?? SocketPath.resolve() else {
                    throw SocketSetupError("no socket path: set --socket, $GESTURED_SOCKET or $XDG_RUNTIME_DIR")
                }
                let group = try socketGroup.map { name -> UInt32 in
                    guard let gid = UInt32(name) ?? Self.groupID(name) else { throw SocketSetupError("--socket-group: no group named \(name)") }
                    return gid
                }
                server = try await GestureServer.bind(path: path, group: group, hub: hub, loops: loops)
                boundFile = SocketFile.identify(path)
                servingWord = "serving on \(path)"
            }
        } catch {
            throw CleanExit.message("gestured: \(error)", code: 1)
        }
        logger.info("\(Counted.words(gestureConfig.bindings.count, "gesture")) from \(gestureConfig.source); input: \(live ? (devices.isEmpty ? "libinput seat \(seat)" : devices.joined(separator: ", ")) : replay.joined(separator: ", "))")

        let reload: @Sendable () -> Void = {
            switch Self.loadConfig(configPath) {
            case .failure(let error):
                logger.error("SIGHUP: keeping the old configuration; the new one was rejected: \(error)")
            case .success(let (newConfig, newAccess)):
                eventLoop.execute {
                    let kept = hub.reload(newConfig, access: newAccess)
                    logger.info("SIGHUP: reloaded \(newConfig.source): \(Counted.words(newConfig.bindings.count, "gesture")), \(kept.count) unchanged")
                }
            }
        }
        let sessionServices: [ServiceGroupConfiguration.ServiceConfiguration] =
            live ? [.init(service: SessionService(hub: hub, logger: logger), serviceName: "sessions")] : []
        let notifier = SystemdNotifier()
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [
                    .init(service: SocketService(
                        hub: hub, server: server, removing: boundFile,
                        serving: { logger.info("\(servingWord)") }), serviceName: "socket"),
                    .init(
                        service: InputService(input), successTerminationBehavior: .gracefullyShutdownGroup,
                        failureTerminationBehavior: .gracefullyShutdownGroup, serviceName: "input"),
                    .init(
                        service: SignalService(loop: eventLoop, logger: logger, reload: reload),
                        successTerminationBehavior: .gracefullyShutdownGroup, serviceName: "signals"),
                    .init(
                        service: NotifyService(notifier: notifier, hub: hub, status: "serving \(Counted.words(gestureConfig.bindings.count, "gesture"))"),
                        serviceName: "notify"),
                ] + sessionServices,
                logger: logger))
        try await group.run()
        logger.info("stopped")
    }

    /// The configuration and its resolved access list, or the error that explains why not.
    static func loadConfig(_ path: String?) -> Result<(GestureConfig, ResolvedAccessList), ConfigError> {
        do {
            let chosen = RecordingLoader.daemonConfigPath(path)
            let config = try RecordingLoader.config(chosen)
            let access = try config.access.resolved(user: userID, group: groupID)
            return .success((config, access))
        } catch let error as ConfigError {
            return .failure(error)
        } catch let error as FileReadError {
            // Said once: `nope.yml: cannot read: no such file`, not with the path twice.
            return .failure(ConfigError(file: error.path, line: nil, "cannot read: \(error.reason)"))
        } catch {
            return .failure(ConfigError(file: path ?? systemConfig, line: nil, "\(error)"))
        }
    }

    static func userID(_ name: String) -> UInt32? { getpwnam(name).map { $0.pointee.pw_uid } }
    static func groupID(_ name: String) -> UInt32? { getgrnam(name).map { $0.pointee.gr_gid } }
}

extension Result where Failure == ConfigError {
    /// The value, or a clean exit with the error.
    func get() throws -> Success {
        switch self {
        case .success(let value): return value
        case .failure(let error): throw CleanExit.message("gestured: \(error)", code: 1)
        }
    }
}

extension CleanExit {
    static func message(_ text: String, code: Int32) -> ExitCode {
        StandardError.line(text)
        return ExitCode(code)
    }
}
