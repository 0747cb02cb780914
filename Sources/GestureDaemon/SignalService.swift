import CLinux
import Glibc
import Logging
import NIOCore
import NIOPosix
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
        var set = Self.signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
        for signal in signals { Glibc.signal(signal, SIG_DFL) }
    }

    /// Reads the signals on `loop`; `reload` runs for every SIGHUP.
    public init(loop: any EventLoop, logger: Logger, reload: @escaping @Sendable () -> Void) {
        self.loop = loop
        self.reload = reload
        self.logger = logger
    }

    public func run() async throws {
        var set = Self.signalSet()
        let descriptor = signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard descriptor >= 0 else { throw SignalSetupError(errno: errno) }
        let (received, deliver) = AsyncStream.makeStream(of: Int32.self)
        let channel = try await NIOPipeBootstrap(group: loop)
            // A signalfd refuses reads shorter than one record.
            .channelOption(.recvAllocator, value: FixedSizeRecvByteBufferAllocator(capacity: 16 * Self.recordSize))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Reader(deliver: deliver)) }
            }
            .takingOwnershipOfDescriptor(input: descriptor)
            .get()
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

    static let recordSize = MemoryLayout<signalfd_siginfo>.size

    static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        return set
    }

    /// Turns the signalfd's records into signal numbers.
    final class Reader: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        let deliver: AsyncStream<Int32>.Continuation

        init(deliver: AsyncStream<Int32>.Continuation) { self.deliver = deliver }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var bytes = unwrapInboundIn(data)
            // ssi_signo is the record's first field, a host-order UInt32; the kernel writes whole records.
            while let record = bytes.readSlice(length: SignalService.recordSize) {
                if let signal = record.getInteger(at: record.readerIndex, endianness: .host, as: UInt32.self) {
                    deliver.yield(Int32(signal))
                }
            }
        }
    }
}

