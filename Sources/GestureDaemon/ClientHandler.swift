import NIOCore

/// Connects one client channel to the hub: lines in, writability changes, connect and
/// disconnect. Runs on the hub's event loop (the server uses a single loop).
final class ClientHandler: ChannelInboundHandler {
    typealias InboundIn = LineSplitter.Line

    let hub: GestureHub

    init(hub: GestureHub) {
        self.hub = hub
    }

    func channelActive(context: ChannelHandlerContext) {
        hub.connect(context.channel)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        hub.disconnect(context.channel)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        hub.receive(unwrapInboundIn(data), from: context.channel)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { hub.writable(context.channel) }
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A broken client connection concerns that client only.
        context.close(promise: nil)
    }
}
