/// A subscription as the client library knows it: stable across reconnects (the daemon's own
/// subscription numbers start afresh with each connection).
public struct SubscriptionHandle: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The handle's number, unique within one ``GestureClient``.
    public var rawValue: Int

    /// Creates a handle.
    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    public static func < (lhs: SubscriptionHandle, rhs: SubscriptionHandle) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "subscription \(rawValue)" }
}
