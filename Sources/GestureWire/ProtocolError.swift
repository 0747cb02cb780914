/// What was wrong with a client's request: a code for programs and a message for people. Sent
/// as `{"id": …, "error": {"code": …, "message": …}}`; the connection stays open.
public struct ProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Machine-readable error codes.
    public enum Code: String, Hashable, Sendable {
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
