/// The bounds a server holds clients to (documented in docs/PROTOCOL.md).
public struct ProtocolLimits: Hashable, Sendable {
    /// Longest request line, in bytes: 64 KiB.
    public var maximumLineBytes = 64 * 1024
    /// Subscriptions one client may hold at once: 32.
    public var maximumSubscriptions = 32
    /// Inline gesture definitions in one `subscribe`: 16.
    public var maximumDefinitions = 16
    /// Size of one inline definition as JSON text, in bytes: 4 KiB.
    public var maximumDefinitionBytes = 4 * 1024
    /// Recognizers (tap, drag, …, counted inside combinators) all of one connection's inline
    /// definitions may hold together: 512. What a client's gestures cost the daemon per frame
    /// grows with this; each one gesture is also bounded (8 levels, 32 recognizers).
    public var maximumDefinedRecognizers = 512

    /// The defaults.
    public static let standard = ProtocolLimits()

    /// Creates the default limits.
    public init() {}
}
