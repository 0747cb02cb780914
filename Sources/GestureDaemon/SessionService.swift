import CInputLibraries  // defines the sd-login functions CSystemd declares, and opens libsystemd
import CSystemd
import GesturePipeline
import GestureRouting
import Glibc
import Logging
import NIOCore
import Descriptors
import ServiceLifecycle

/// Follows logind without polling: sd-login's monitor is an inotify descriptor on logind's
/// runtime state, read on the event loop; whenever it stirs, the seats' active sessions are
/// read again and handed to the hub (``GestureHub/sessionsChanged(_:)``), which pauses and
/// resumes clients. The hub is given the state once before the daemon serves anyone.
public struct SessionService: Service {
    let hub: GestureHub
    let logger: Logger

    /// Creates the service.
    public init(hub: GestureHub, logger: Logger) {
        self.hub = hub
        self.logger = logger
    }

    /// Hands the hub the state now (before serving: the first client is judged by it).
    public static func start(_ hub: GestureHub, logger: Logger) -> EventLoopFuture<Void> {
        hub.loop.submit {
            let state = LoginSessions.read()
            hub.sessionsChanged(state)
            logger.info("\(Self.describe(state))")
        }
    }

    public func run() async throws {
        var monitor: OpaquePointer?
        let status = sd_login_monitor_new(nil, &monitor)
        guard status >= 0, let monitor else {
            logger.warning("logind's state cannot be followed (sd_login_monitor_new: \(String(cString: strerror(-status)))); sessions stay as they were at start")
            return await GracefulShutdownWait.untilTriggered()
        }
        defer { sd_login_monitor_unref(monitor) }
        // NIO owns a copy of the descriptor (it closes it); sd-login keeps and closes its own.
        let descriptor = dup(sd_login_monitor_get_fd(monitor))
        guard descriptor >= 0 else { throw SocketSetupError("sd-login's descriptor: \(String(cString: strerror(errno)))") }
        let hub = self.hub, logger = self.logger
        // The channel reads (and so drains) the inotify records: what sd_login_monitor_flush()
        // would do. A burst of them is one change, read once the burst is read.
        let changed: @Sendable () -> Void = {
            let before = hub.sessions
            let state = LoginSessions.read()
            guard state != before else { return }
            logger.info("\(Self.describe(state))")
            hub.sessionsChanged(state)
        }
        // inotify refuses reads shorter than one event with its longest name.
        let channel = try await DescriptorReader.start(descriptor, on: hub.loop, capacity: 4096, readComplete: changed).get()
        // A change between the first read (before serving) and the watch would go unseen.
        hub.loop.execute(changed)
        await GracefulShutdownWait.untilTriggered()
        try? await channel.close()
    }

    /// One line for the journal: who is in front of each seat.
    static func describe(_ state: SeatSessions) -> String {
        guard state.available else { return "sessions: logind is not running; only root and gestured's own user are served under `policy: active-session`" }
        let seats = state.active.sorted { $0.key < $1.key }.map { "\($0.key): uid \($0.value)" }
        return "sessions: " + (seats.isEmpty ? "no seat has an active session" : "active on " + seats.joined(separator: ", "))
    }
}
