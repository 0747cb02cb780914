import GestureCore

/// What ends for a client that lost devices, by ``SubscriptionRouter/withhold(_:on:)``: its own
/// bindings there, to detach from the engine (they fail for real, so a shield of its stops
/// blocking others), and the instances it was told about there, which end for it alone.
public struct Withholding: Sendable {
    /// Its own bindings on the lost devices, in subscription then binding order.
    public var detach: [BindingID] = []
    /// The last event sent of each instance it was told about there, with its subscription,
    /// in subscription then instance order: each gets `failed(sessionInactive)`.
    public var endings: [(subscription: Int64, last: GestureEvent)] = []

    /// Nothing ends.
    public init() {}
}
