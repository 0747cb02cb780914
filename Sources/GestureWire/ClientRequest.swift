import GestureCore

/// One request from a client, parsed from its JSON line.
public struct ClientRequest: Hashable, Sendable {
    /// What the client asks for.
    public enum Command: Hashable, Sendable {
        /// Receive events of configured gestures and/or gestures defined inline.
        case subscribe(SubscriptionRequest)
        /// Stop a subscription.
        case unsubscribe(subscription: Int64)
        /// Every gesture instance active now, with value and state.
        case snapshot
        /// The devices the daemon uses.
        case devices
        /// Liveness check.
        case ping
    }

    /// The client's id, echoed in the reply (any JSON value; nil when absent).
    public var id: JSONValue?
    /// The command.
    public var command: Command

    /// Creates a request.
    public init(id: JSONValue?, command: Command) {
        self.id = id
        self.command = command
    }
}
