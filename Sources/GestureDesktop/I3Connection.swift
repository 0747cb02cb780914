import GestureWire

/// A connection to an i3-IPC socket (sway, i3): requests and their replies, or a stream of the
/// events it subscribed to.
final class I3Connection: @unchecked Sendable {
    let stream: UnixStream

    init(path: String) throws(DesktopError) {
        stream = try UnixStream(path: path)
    }

    /// Sends a request and reads its reply (events that come first are skipped: a connection
    /// that subscribed uses ``next()`` instead).
    func request(_ type: UInt32, _ payload: String) throws(DesktopError) -> JSONValue {
        try stream.write(I3Message(type: type, payload).encoded)
        while true {
            let message = try next()
            guard message.type & 0x8000_0000 == 0 else { continue }
            return try Self.json(message)
        }
    }

    /// The next message.
    func next() throws(DesktopError) -> I3Message {
        guard let (length, type) = I3Message.header(try stream.read(I3Message.headerSize)) else {
            throw DesktopError("the IPC socket sent something that is not an i3-ipc message")
        }
        return I3Message(type: type, payload: try stream.read(length))
    }

    static func json(_ message: I3Message) throws(DesktopError) -> JSONValue {
        do {
            return try JSONParser.parse(message.text)
        } catch {
            throw DesktopError("the IPC socket sent JSON that does not parse: \(error)")
        }
    }
}
