import GestureWire
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
        // On the loop, reading the option completes at once, before any line is read.
        let channel = context.channel
        let hub = hub
        PeerCredentials.read(channel).whenSuccess { peer in hub.connect(channel, peer: peer) }
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
