import GestureWire
import NIOCore

/// The end of a ``GestureClient``'s channel: each line from the daemon goes to the client right
/// there, on the loop that is the client's executor (so no task is started and no thread woken
/// for it). A line that is not JSON is skipped, as before.
final class ClientLineHandler: ChannelInboundHandler {
    typealias InboundIn = LineSplitter.Line

    let client: GestureClient

    init(client: GestureClient) {
        self.client = client
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .text(let text) = unwrapInboundIn(data), let value = try? JSONParser.parse(text) else { return }
        client.assumeIsolated { $0.receive(value) }
    }

    /// A broken connection: closed, its error kept as the reason the client reports.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        client.assumeIsolated { $0.channelError = error }
        context.close(promise: nil)
    }
}
