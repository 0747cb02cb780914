import GestureWire

/// What the daemon says first on every connection.
public struct ServerHello: Sendable, Equatable {
    /// The protocol version (a breaking change bumps it).
    public var protocolVersion: Int64
    /// The daemon's version.
    public var server: String
    /// What it offers (`live`, `replay`, `touchpad-gestures`, `define`, `snapshot`).
    public var capabilities: [String]
    /// The devices it uses now, as `devices` replies describe them.
    public var devices: [JSONValue]
    /// The whole event.
    public var json: JSONValue

    /// Reads a `hello` event.
    public init?(_ value: JSONValue) {
        guard value["event"]?.stringValue == "hello", let version = value["protocol"]?.intValue else { return nil }
        protocolVersion = version
        server = value["server"]?.stringValue ?? ""
        capabilities = value["capabilities"]?.arrayValue?.compactMap(\.stringValue) ?? []
        devices = value["devices"]?.arrayValue ?? []
        json = value
    }
}
