import Glibc
import NIOCore
import ServiceLifecycle

/// Serves the socket until the daemon shuts down gracefully; then fails every gesture in flight
/// with `shutdown`, delivers that to subscribers, closes the clients and the listener, and
/// removes the socket file it created (if it is still that file: ``SocketFile``).
public struct SocketService: Service {
    let hub: GestureHub
    let server: any Channel
    /// The socket file to remove at the end (nil for a socket systemd owns).
    let file: SocketFile?
    /// Called once the service runs: the service group has its signal handlers by then, so
    /// whoever waits for this word may send SIGTERM and get a graceful shutdown.
    let serving: @Sendable () -> Void

    /// Creates the service for a bound `server`.
    public init(hub: GestureHub, server: any Channel, removing file: SocketFile?, serving: @escaping @Sendable () -> Void = {}) {
        self.hub = hub
        self.server = server
        self.file = file
        self.serving = serving
    }

    public func run() async throws {
        serving()
        // Until SIGTERM/SIGINT (or another service ends the group); cancellation also ends it.
        await GracefulShutdownWait.untilTriggered()
        let hub = hub
        try? await hub.loop.flatSubmit { hub.shutdown() }.get()
        try? await server.close()
        file?.removeIfUnchanged()
    }
}
