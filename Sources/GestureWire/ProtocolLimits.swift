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
    /// definitions may hold together: 64.
    public var maximumDefinedRecognizers = 64
    /// Recognizers all clients' inline definitions may hold together: 256. What defined
    /// gestures cost per frame — recognizing them and serialising their values — grows with
    /// this, whatever the number of connections; at the limit, on the reference machine, the
    /// other clients' latency stays under 10 ms (docs/RELIABILITY.md).
    public var maximumDefinedRecognizersInAll = 256
    /// Steps in one `keys` request: 64.
    public var maximumKeySteps = 64
    /// Keys (and buttons) one connection may hold down at once: 16.
    public var maximumHeldKeys = 16
    /// Key and wheel events one connection may type per second, sustained: 50 (releases are
    /// never counted, so a key can always come up).
    public var keyEventsPerSecond = 50.0
    /// Key and wheel events one connection may type in a burst: 100.
    public var keyEventBurst = 100.0

    /// The defaults.
    public static let standard = ProtocolLimits()

    /// Creates the default limits.
    public init() {}
}
