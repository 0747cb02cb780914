/// One gesture event for one subscription, as ``SubscriptionRouter/route(_:configured:into:)``
/// decides it: the hub serialises `events[event]` once and writes it to each delivery's client.
public struct Delivery: Hashable, Sendable {
    /// The router's client id.
    public var client: Int
    /// The subscription it is for.
    public var subscription: Int64
    /// Its index in the routed events.
    public var event: Int
    /// The event's sequence number (one per routed event, over all clients).
    public var sequence: UInt64
    /// Whether it is an `active` update (which an outbox may coalesce with the next one of the
    /// same instance) rather than a transition (which is never dropped).
    public var isUpdate: Bool

    /// Creates a delivery.
    public init(client: Int, subscription: Int64, event: Int, sequence: UInt64, isUpdate: Bool) {
        self.client = client
        self.subscription = subscription
        self.event = event
        self.sequence = sequence
        self.isUpdate = isUpdate
    }
}
