import ServiceLifecycle

/// Waiting for the service group's graceful shutdown without an extra task:
/// swift-service-lifecycle's `gracefulShutdown()` waits in an unstructured `Task`, which would
/// run on libdispatch's worker threads instead of the daemon's event loop (docs/ARCHITECTURE.md,
/// "The daemon"). This registers a shutdown handler instead.
enum GracefulShutdownWait {
    /// Returns once graceful shutdown is triggered, or the task is cancelled.
    static func untilTriggered() async {
        let (triggered, trigger) = AsyncStream.makeStream(of: Void.self)
        await withGracefulShutdownHandler {
            for await _ in triggered {}
        } onGracefulShutdown: {
            trigger.finish()
        }
    }
}
