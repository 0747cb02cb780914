/// One message of the i3 IPC protocol, which sway speaks too: `i3-ipc`, the payload's length
/// and the message type (32-bit, the machine's byte order), then the payload (JSON).
public struct I3Message: Hashable, Sendable {
    /// Message types gestured uses.
    public static let runCommand: UInt32 = 0, getWorkspaces: UInt32 = 1, subscribe: UInt32 = 2, getTree: UInt32 = 4
    /// Events have the high bit set; `window` is event 3, `workspace` 0.
    public static let windowEvent: UInt32 = 0x8000_0003, workspaceEvent: UInt32 = 0x8000_0000

    /// The type.
    public var type: UInt32
    /// The payload.
    public var payload: [UInt8]

    /// A message.
    public init(type: UInt32, payload: [UInt8]) {
        self.type = type
        self.payload = payload
    }

    /// A message with a text payload.
    public init(type: UInt32, _ text: String) {
        self.init(type: type, payload: Array(text.utf8))
    }

    static let magic = Array("i3-ipc".utf8)
    /// The header's size: magic, length, type.
    static let headerSize = 14

    /// The message as written on the socket.
    public var encoded: [UInt8] {
        var out = Self.magic
        withUnsafeBytes(of: UInt32(payload.count)) { out += $0 }
        withUnsafeBytes(of: type) { out += $0 }
        return out + payload
    }

    /// The payload's length and the type from a 14-byte header; nil when it is not one.
    public static func header(_ bytes: [UInt8]) -> (length: Int, type: UInt32)? {
        guard bytes.count == headerSize, Array(bytes[0..<6]) == magic else { return nil }
        func word(_ at: Int) -> UInt32 { bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at, as: UInt32.self) } }
        let length = Int(word(6))
        // sway's largest replies (a big tree) are far below this.
        guard length <= 64 << 20 else { return nil }
        return (length, word(10))
    }

    /// The payload as text.
    public var text: String { String(decoding: payload, as: UTF8.self) }
}
