import Evdev
import GestureCore
import GesturePipeline
import GestureRouting
import GestureWire
import Glibc
import LinuxInput
import Logging
import NIOCore
import NIOPosix
import Posix
import ServiceLifecycle

/// The daemon, assembled from its options: the configuration and its access list, libinput's
/// quirks, the input (a recording's plan, or live devices), logind's sessions, the socket
/// (passed by systemd, or bound), then the services that run until a signal ends them. The
/// order is the promise docs/ARCHITECTURE.md makes — input before sessions before the socket:
/// a daemon that cannot read its input says so and never serves — and ``Step`` reports it as it
/// goes. The executable only parses flags into ``DaemonOptions``.
public struct Daemon: Sendable {
    /// A stage of start-up, reported to ``onStep`` once it is done.
    public enum Step: Sendable, Equatable {
        /// The configuration, its access list, the quirks and any recording are read.
        case configuration
        /// The input is open: a recording's devices added, or live devices found.
        case input
        /// logind's sessions are followed (live input only).
        case sessions
        /// The socket takes clients (bound, or taken from systemd).
        case socket
    }

    /// What to run.
    public var options: DaemonOptions
    /// Where it logs.
    public var logger: Logger
    /// Told of each start-up step as it completes (tests; nil in the executable).
    public var onStep: (@Sendable (Step) -> Void)?

    /// A daemon for `options`, logging to `logger`.
    public init(_ options: DaemonOptions, logger: Logger) {
        self.options = options
        self.logger = logger
    }

    func step(_ step: Step) { onStep?(step) }

    /// What `hello` says the daemon can do. `keys` only when a virtual keyboard can be made:
    /// live, not turned off, and `keyboard` (uinput) opens for writing now — otherwise the
    /// reason is logged once here, and a client that types anyway gets `keys-unavailable`.
    static func capabilities(live: Bool, keyboard: String?, logger: Logger) -> [String] {
        guard live else { return ["replay", "define", "snapshot"] }
        var result = ["live", "touchpad-gestures", "define", "snapshot"]
        if let keyboard {
            let fd = open(keyboard, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if fd >= 0 {
                close(fd)
                result.append("keys")
            } else {
                logger.warning("no virtual keyboard, so no client can type: \(keyboard): \(String(cString: strerror(errno)))")
            }
        }
        return result
    }

    /// Starts, serves until SIGTERM or SIGINT (or a single replay's end with
    /// `exitAfterReplay`), and stops gracefully. A start-up failure is a ``DaemonError`` that
    /// says what and where, thrown before anything is served.
    public func run() async throws {
        let logger = logger
        let options = options
        let configPath = options.config
        if let raised = OpenFilesLimit.raise() {
            logger.debug("open files limit raised from \(raised.before) to \(raised.after)")
        }
        let (gestureConfig, access) = try Self.loadConfig(configPath).get()
        let live = options.replay.isEmpty
        // libinput's quirks: touchpads' palm and thumb thresholds, live and in replay.
        let quirks = QuirksLoader.load()
        let plan: ReplayPlan?
        do {
            plan = live ? nil : ReplayPlan(recordings: try RecordingLoader.recordings(options.replay, description: options.deviceDescription), quirks: quirks.database)
        } catch {
            throw DaemonError("\(error)")
        }
        step(.configuration)
        for warning in quirks.warnings { logger.warning("\(warning)") }
        for clamp in plan?.clamps ?? [] { logger.warning("\(clamp.message)") }

        // The one event loop, which also runs this task and its children (GesturedMain).
        let loops = MultiThreadedEventLoopGroup.singleton
        let eventLoop = loops.next()
        let origin = plan?.origin ?? MonotonicClock.now
        let hub = GestureHub(
            loop: eventLoop, config: gestureConfig, origin: origin, serverVersion: GesturedVersion.current,
            // `keys` once the input is there (below): a daemon that cannot read its devices says
            // only that.
            capabilities: Self.capabilities(live: live, keyboard: nil, logger: logger),
            outboxLimit: options.clientQueueLimit,
            // Live input fires deadlines from its own thread (LiveInput); a paced replay on the
            // loop, by the clock ReplayDriver starts with its first frame.
            deadlineClock: nil,
            logger: logger)
        try await eventLoop.submit {
            hub.access = access
            if options.latencyStamps { hub.ingressClock = { MonotonicClock.now.microseconds } }
            if live, let path = options.virtualKeyboard { hub.makeKeyboard = { try VirtualKeyboard(path: path) } }
            hub.keyClock = { MonotonicClock.now.seconds }
        }.get()

        // Input first: a daemon that cannot read any device says so and does not start serving.
        let input: InputService.Source
        if let plan {
            let driver = ReplayDriver(hub: hub, plan: plan, realtime: options.realtime, repeats: options.loop)
            driver.waitSubscribers = options.waitSubscribers
            try await eventLoop.submit { driver.addDevices() }.get()
            input = .replay(driver, endsDaemon: options.exitAfterReplay)
        } else {
            do {
                input = .live(try LiveInput(hub: hub, seat: options.seat, paths: options.devices, quirks: quirks.database, logger: logger))
            } catch {
                throw DaemonError("\(error)")
            }
        }
        step(.input)
        if live, options.virtualKeyboard != nil {
            let capabilities = Self.capabilities(live: live, keyboard: options.virtualKeyboard, logger: logger)
            try await eventLoop.submit { hub.capabilities = capabilities }.get()
        }

        // Live input follows who is in front of each seat (logind) from before the socket is
        // served, so that no client is judged without it; a replay's recordings belong to no seat.
        if live {
            try await SessionService.start(hub, logger: logger).get()
            step(.sessions)
        }

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
                guard let path = options.socket ?? SocketPath.resolve() else {
                    throw SocketSetupError("no socket path: set --socket, $GESTURED_SOCKET or $XDG_RUNTIME_DIR")
                }
                let group = try options.socketGroup.map { name -> UInt32 in
                    guard let gid = UInt32(name) ?? Self.groupID(name) else { throw SocketSetupError("--socket-group: no group named \(name)") }
                    return gid
                }
                server = try await GestureServer.bind(path: path, group: group, hub: hub, loops: loops)
                boundFile = SocketFile.identify(path)
                servingWord = "serving on \(path)"
            }
        } catch {
            throw DaemonError("\(error)")
        }
        step(.socket)
        logger.info("\(Counted.words(gestureConfig.bindings.count, "gesture")) from \(gestureConfig.source); input: \(live ? (options.devices.isEmpty ? "libinput seat \(options.seat)" : options.devices.joined(separator: ", ")) : options.replay.joined(separator: ", "))")

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
            return .failure(ConfigError(file: path ?? RecordingLoader.systemConfig, line: nil, "\(error)"))
        }
    }

    static func userID(_ name: String) -> UInt32? { getpwnam(name).map { $0.pointee.pw_uid } }
    static func groupID(_ name: String) -> UInt32? { getgrnam(name).map { $0.pointee.gr_gid } }
}

extension Result where Failure == ConfigError {
    /// The value, or the error as a ``DaemonError``.
    func get() throws -> Success {
        switch self {
        case .success(let value): return value
        case .failure(let error): throw DaemonError("\(error)")
        }
    }
}
