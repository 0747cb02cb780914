import NIOCore
import NIOPosix

/// Reads a descriptor the kernel fills with whole records — a signalfd, an inotify descriptor,
/// sd-login's monitor — on an event loop, with no thread of its own: each read's bytes go to
/// `body` there, and `readComplete` runs once a burst of reads is drained (several records that
/// mean one change are then one call). The daemon's signals and sessions and the actions
/// runner's signals and file watch all read this way.
public final class DescriptorReader: ChannelInboundHandler {
    public typealias InboundIn = ByteBuffer
    let body: @Sendable (ByteBuffer) -> Void
    let readComplete: (@Sendable () -> Void)?
    let ended: (@Sendable () -> Void)?

    init(_ body: @escaping @Sendable (ByteBuffer) -> Void, readComplete: (@Sendable () -> Void)?, ended: (@Sendable () -> Void)? = nil) {
        self.body = body
        self.readComplete = readComplete
        self.ended = ended
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        body(unwrapInboundIn(data))
    }

    public func channelReadComplete(context: ChannelHandlerContext) {
        readComplete?()
    }

    public func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A read that fails (ENODEV: a device unplugged) ends the descriptor.
        ended?()
        context.close(promise: nil)
    }

    public func channelInactive(context: ChannelHandlerContext) {
        ended?()
    }

    /// Reads `descriptor` (which the channel then owns and closes) on `loop`, `capacity` bytes at
    /// most a read (signalfd and inotify refuse reads shorter than one record), each read's
    /// bytes to `body`.
    public static func start(
        _ descriptor: Int32, on loop: any EventLoop, capacity: Int, _ body: @escaping @Sendable (ByteBuffer) -> Void
    ) -> EventLoopFuture<any Channel> {
        start(descriptor, on: loop, capacity: capacity, body: body, readComplete: nil)
    }

    /// Reads a device's node as above, one read per wake-up (a frame is one write on the device's
    /// side: a second read would find the node empty, a system call for nothing), each read's
    /// bytes to `body`; `ended` is called when the node fails or closes (it may be called twice).
    public static func start(
        device descriptor: Int32, on loop: any EventLoop, capacity: Int, ended: @escaping @Sendable () -> Void,
        _ body: @escaping @Sendable (ByteBuffer) -> Void
    ) -> EventLoopFuture<any Channel> {
        start(descriptor, on: loop, capacity: capacity, body: body, readComplete: nil, ended: ended, readsPerWakeUp: 1)
    }

    /// Reads `descriptor` as above and calls `readComplete` once each burst of reads is drained.
    public static func start(
        _ descriptor: Int32, on loop: any EventLoop, capacity: Int, readComplete: @escaping @Sendable () -> Void
    ) -> EventLoopFuture<any Channel> {
        start(descriptor, on: loop, capacity: capacity, body: { _ in }, readComplete: readComplete)
    }

    static func start(
        _ descriptor: Int32, on loop: any EventLoop, capacity: Int, body: @escaping @Sendable (ByteBuffer) -> Void, readComplete: (@Sendable () -> Void)?,
        ended: (@Sendable () -> Void)? = nil, readsPerWakeUp: UInt? = nil
    ) -> EventLoopFuture<any Channel> {
        var bootstrap = NIOPipeBootstrap(group: loop)
            .channelOption(.recvAllocator, value: FixedSizeRecvByteBufferAllocator(capacity: capacity))
        if let readsPerWakeUp { bootstrap = bootstrap.channelOption(.maxMessagesPerRead, value: readsPerWakeUp) }
        return bootstrap
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(DescriptorReader(body, readComplete: readComplete, ended: ended))
                }
            }
            .takingOwnershipOfDescriptor(input: descriptor)
    }
}
