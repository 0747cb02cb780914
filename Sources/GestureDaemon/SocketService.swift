import Glibc
import NIOCore
import ServiceLifecycle

/// Serves the socket until the daemon shuts down gracefully; then fails every gesture in flight
/// with `shutdown`, delivers that to subscribers, closes the clients and the listener, and
/// removes the socket file it created.
public struct SocketService: Service {
    let hub: GestureHub
    let server: any Channel
    /// The socket file to remove at the end (nil for a socket systemd owns).
    let path: String?

    /// Creates the service for a bound `server`.
    public init(hub: GestureHub, server: any Channel, removing path: String?) {
        self.hub = hub
        self.server = server
        self.path = path
    }

    public func run() async throws {
        // Until SIGTERM/SIGINT (or another service ends the group); cancellation also ends it.
        try? await gracefulShutdown()
        let hub = hub
        try? await hub.loop.flatSubmit { hub.shutdown() }.get()
        try? await server.close()
        if let path { unlink(path) }
    }
}
