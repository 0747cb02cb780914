/// What was wrong with a client's request: a code for programs and a message for people. Sent
/// as `{"id": …, "error": {"code": …, "message": …}}`; the connection stays open.
public struct ProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Machine-readable error codes.
    public enum Code: String, Hashable, Sendable, CaseIterable {
        /// The line is not JSON.
        case badJSON = "bad-json"
        /// The line is longer than ``ProtocolLimits/maximumLineBytes``.
        case lineTooLong = "line-too-long"
        /// No `request` key, or one the server does not know.
        case unknownRequest = "unknown-request"
        /// A known request with missing or wrong fields.
        case invalidRequest = "invalid-request"
        /// An inline gesture definition that does not parse.
        case invalidGesture = "invalid-gesture"
        /// More subscriptions than ``ProtocolLimits/maximumSubscriptions``.
        case tooManySubscriptions = "too-many-subscriptions"
        /// `unsubscribe` of a subscription this client does not have.
        case unknownSubscription = "unknown-subscription"
        /// `keys` from a client that may not type now: its user is not in front of a seat.
        case forbidden = "forbidden"
        /// `keys` on a daemon with no virtual keyboard (no `/dev/uinput`, or no access to it).
        case keysUnavailable = "keys-unavailable"
        /// `keys` faster than ``ProtocolLimits/keyEventsPerSecond`` allows; nothing of it was typed.
        case rateLimited = "rate-limited"
        /// `keys` that would hold more than ``ProtocolLimits/maximumHeldKeys`` keys down at once.
        case tooManyKeys = "too-many-keys"
    }

    /// The code.
    public var code: Code
    /// What happened, for people.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
