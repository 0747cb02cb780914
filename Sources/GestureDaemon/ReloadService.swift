import Logging
import ServiceLifecycle
import UnixSignals

/// Reloads the configuration on SIGHUP, until the daemon shuts down.
public struct ReloadService: Service {
    let reload: @Sendable () -> Void

    /// Calls `reload` for every SIGHUP.
    public init(reload: @escaping @Sendable () -> Void) {
        self.reload = reload
    }

    public func run() async throws {
        for await _ in await UnixSignalsSequence(trapping: .sighup).cancelOnGracefulShutdown() {
            reload()
        }
    }
}
