import NIOCore

/// Splits a byte stream of the protocol into lines (the daemon reads requests with it, the client
/// events). A line longer than the limit is not buffered: it is
/// discarded up to its newline and reported as ``Line/tooLong``, so the connection carries on.
public struct LineSplitter: ByteToMessageDecoder {
    /// One decoded line.
    public enum Line: Sendable {
        /// A complete line, without its newline (and without a trailing CR).
        case text(String)
        /// A line over the limit was dropped; `head` is its first bytes (up to
        /// ``LineSplitter/headBytes``), enough to read a request's `id` from.
        case tooLong(head: [UInt8])
        /// A line that is not UTF-8: `column` is its first byte that is no part of a character
        /// (from 1). The line is dropped; the protocol is UTF-8 text (PROTOCOL.md).
        case notUTF8(column: Int)
    }

    public typealias InboundOut = Line

    let limit: Int
    var discarding = false
    /// How much of a dropped line is kept for ``Line/tooLong(head:)``.
    public static let headBytes = 1024

    /// Creates a splitter for lines of at most `limit` bytes.
    public init(limit: Int) {
        self.limit = limit
    }

    public mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let view = buffer.readableBytesView
        guard let newline = view.firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.readableBytes > limit {
                let head = discarding ? [] : Array(view.prefix(Self.headBytes))
                buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
                if !discarding {
                    discarding = true
                    context.fireChannelRead(wrapInboundOut(.tooLong(head: head)))
                }
            }
            return .needMoreData
        }
        let length = newline - view.startIndex
        let bytes = buffer.readSlice(length: length)!
        buffer.moveReaderIndex(forwardBy: 1)
        if discarding {
            discarding = false
            return .continue
        }
        context.fireChannelRead(wrapInboundOut(line(bytes)))
        return .continue
    }

    /// At the end of the stream (the peer shut its writing side down, or closed): the whole
    /// lines, then what is left without its newline, as a last line — a request's reply is not
    /// lost because its newline was not sent.
    public mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        guard seenEOF, buffer.readableBytes > 0 else { return .needMoreData }
        let rest = buffer.readSlice(length: buffer.readableBytes)!
        if discarding {
            discarding = false
        } else {
            context.fireChannelRead(wrapInboundOut(line(rest)))
        }
        return .needMoreData
    }

    /// A line's bytes (its newline gone) as the line they make.
    func line(_ bytes: ByteBuffer) -> Line {
        if bytes.readableBytes > limit { return .tooLong(head: Array(bytes.readableBytesView.prefix(Self.headBytes))) }
        let decoded = bytes.withUnsafeReadableBytes { raw in
            String(validating: raw, as: UTF8.self).map(Line.text) ?? .notUTF8(column: Self.firstInvalidByte(raw) + 1)
        }
        guard case .text(var text) = decoded else { return decoded }
        if text.hasSuffix("\r") { text.removeLast() }
        return .text(text)
    }

    /// Where `bytes` stop being UTF-8 (their count when they are).
    static func firstInvalidByte(_ bytes: UnsafeRawBufferPointer) -> Int {
        var parser = UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .error: return offset
            case .emptyInput: return offset
            }
        }
    }
}
