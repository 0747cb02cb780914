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
    /// The names of the configured gestures (nil from a daemon older than 0.4, which did not
    /// say); `config-reloaded` carries the new list.
    public var gestures: [String]?
    /// The whole event.
    public var json: JSONValue

    /// Reads a `hello` event.
    public init?(_ value: JSONValue) {
        guard value["event"]?.stringValue == "hello", let version = value["protocol"]?.intValue else { return nil }
        protocolVersion = version
        server = value["server"]?.stringValue ?? ""
        capabilities = value["capabilities"]?.arrayValue?.compactMap(\.stringValue) ?? []
        devices = value["devices"]?.arrayValue ?? []
        gestures = value["gestures"]?.arrayValue?.compactMap(\.stringValue)
        json = value
    }
}
