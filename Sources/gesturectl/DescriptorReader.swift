import NIOCore
import NIOPosix

/// Reads a descriptor the kernel fills with whole records (a signalfd, an inotify descriptor)
/// on an event loop, and hands each read's bytes to a call there: what `gesturectl actions`
/// watches, with no thread of its own.
final class DescriptorReader: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    let body: @Sendable (ByteBuffer) -> Void

    init(_ body: @escaping @Sendable (ByteBuffer) -> Void) { self.body = body }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        body(unwrapInboundIn(data))
    }

    /// Reads `descriptor` (which the channel then owns and closes) on `loop`, `capacity` bytes at
    /// most a read: signalfd and inotify refuse reads shorter than one record.
    static func start(_ descriptor: Int32, on loop: any EventLoop, capacity: Int, _ body: @escaping @Sendable (ByteBuffer) -> Void) -> EventLoopFuture<any Channel> {
        NIOPipeBootstrap(group: loop)
            .channelOption(.recvAllocator, value: FixedSizeRecvByteBufferAllocator(capacity: capacity))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(DescriptorReader(body)) }
            }
            .takingOwnershipOfDescriptor(input: descriptor)
    }
}
