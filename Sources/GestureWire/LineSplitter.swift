import NIOCore

/// Splits a byte stream of the protocol into lines (the daemon reads requests with it, the client
/// events). A line longer than the limit is not buffered: it is
/// discarded up to its newline and reported as ``Line/tooLong``, so the connection carries on.
public struct LineSplitter: ByteToMessageDecoder {
    /// One decoded line.
    public enum Line: Sendable {
        /// A complete line, without its newline (and without a trailing CR).
        case text(String)
        /// A line over the limit was dropped.
        case tooLong
    }

    public typealias InboundOut = Line

    let limit: Int
    var discarding = false

    /// Creates a splitter for lines of at most `limit` bytes.
    public init(limit: Int) {
        self.limit = limit
    }

    public mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let view = buffer.readableBytesView
        guard let newline = view.firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.readableBytes > limit {
                buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
                if !discarding {
                    discarding = true
                    context.fireChannelRead(wrapInboundOut(.tooLong))
                }
            }
            return .needMoreData
        }
        let length = newline - view.startIndex
        var bytes = buffer.readSlice(length: length)!
        buffer.moveReaderIndex(forwardBy: 1)
        if discarding {
            discarding = false
            return .continue
        }
        if length > limit {
            context.fireChannelRead(wrapInboundOut(.tooLong))
            return .continue
        }
        var text = bytes.readString(length: bytes.readableBytes) ?? ""
        if text.hasSuffix("\r") { text.removeLast() }
        context.fireChannelRead(wrapInboundOut(.text(text)))
        return .continue
    }
}
