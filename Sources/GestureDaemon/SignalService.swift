import Descriptors
import Glibc
import Logging
import NIOCore
import ServiceLifecycle

/// The daemon's signals, read on its event loop through a signalfd: SIGHUP reloads the
/// configuration, SIGTERM and SIGINT end this service, which shuts the service group down
/// gracefully. No signal handler and no extra thread: ``blockSignals()`` holds the signals
/// back in every thread, and the kernel queues them for the signalfd.
public struct SignalService: Service {
    /// The signals the daemon reads.
    public static let signals: [Int32] = [SIGHUP, SIGTERM, SIGINT]

    let loop: any EventLoop
    let reload: @Sendable () -> Void
    let logger: Logger

    /// Blocks ``signals`` in the calling thread and every thread it starts after. Call it first
    /// thing in `main`, before any thread exists; a signal that comes before ``run()`` waits.
    /// Their dispositions go back to the default: a signal the parent ignored (a shell's
    /// background job ignores SIGINT) would otherwise be dropped, never queued.
    public static func blockSignals() {
        SignalDescriptor.block(signals)
    }

    /// Reads the signals on `loop`; `reload` runs for every SIGHUP.
    public init(loop: any EventLoop, logger: Logger, reload: @escaping @Sendable () -> Void) {
        self.loop = loop
        self.reload = reload
        self.logger = logger
    }

    public func run() async throws {
        let descriptor = SignalDescriptor.open(Self.signals)
        guard descriptor >= 0 else { throw SignalSetupError(errno: errno) }
        let (received, deliver) = AsyncStream.makeStream(of: Int32.self)
        // A signalfd refuses reads shorter than one record.
        let channel = try await DescriptorReader.start(descriptor, on: loop, capacity: 16 * SignalDescriptor.recordSize) { bytes in
            SignalDescriptor.forEachSignal(in: bytes) { deliver.yield($0) }
        }.get()
        defer { channel.close(promise: nil) }
        // A shutdown handler, not `cancelOnGracefulShutdown()`: that merges sequences in an
        // unstructured task, which would run on libdispatch's threads, not on the loop.
        await withGracefulShutdownHandler {
            for await signal in received {
                if signal == SIGHUP {
                    reload()
                } else {
                    logger.info("\(signal == SIGINT ? "SIGINT" : "SIGTERM"): shutting down")
                    return
                }
            }
        } onGracefulShutdown: {
            deliver.finish()
        }
    }
}

