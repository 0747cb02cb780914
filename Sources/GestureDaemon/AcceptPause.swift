import Glibc
import Logging
import NIOCore

/// The listening socket when the daemon runs out of descriptors (or the kernel of memory for
/// one): accepting pauses for ``pause`` and tries again, instead of at once. A failed `accept`
/// leaves the connection waiting, so the socket stays readable, and NIO, which keeps reading a
/// listening socket whose first accept failed (its `AcceptBackoffHandler` engages only after one
/// succeeded), spun on it at 100 % of a core. Reading is turned off (`autoRead`) for the pause
/// and on again after it. It is said once per episode, and once more when a connection is
/// accepted again. Clients already connected are served throughout; a new one waits in the
/// backlog and gets its hello once a descriptor is free.
final class AcceptPause: ChannelInboundHandler {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel

    /// How long accepting pauses after a failure for want of a resource.
    static let pause = TimeAmount.milliseconds(250)

    let logger: Logger
    /// The errno of the failure that paused accepting, while it has not accepted since.
    var failure: Int32?

    init(logger: Logger) {
        self.logger = logger
    }

    /// The errno of an accept's failure for want of a resource, or nil for any other failure (a
    /// connection reset before it was accepted, say, is not the daemon's to wait for).
    static func shortage(_ error: any Error) -> Int32? {
        guard let io = error as? IOError else { return nil }
        switch io.errnoCode {
        case EMFILE, ENFILE, ENOBUFS, ENOMEM: return io.errnoCode
        default: return nil
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if let errno = failure {
            failure = nil
            logger.notice("accepting connections again (they had waited for \(errno == ENOBUFS || errno == ENOMEM ? "memory" : "a free file descriptor"))")
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let errno = Self.shortage(error) else {
            context.fireErrorCaught(error)
            return
        }
        let channel = context.channel
        try? channel.syncOptions?.setOption(.autoRead, value: false)
        context.eventLoop.scheduleTask(in: Self.pause) { try? channel.syncOptions?.setOption(.autoRead, value: true) }
        guard failure == nil else { return }
        failure = errno
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        logger.warning(
            "cannot accept a connection: \(String(cString: strerror(errno))) (open files limit \(limit.rlim_cur)); new clients wait, trying again every \(Self.pause.nanoseconds / 1_000_000) ms; clients already connected are served")
    }
}
