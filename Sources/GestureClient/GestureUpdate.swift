import GestureCore
import GestureWire

/// One `gesture` event, typed: which gesture instance, which phase, and its value and state as
/// the daemon sent them (JSON, in the shapes docs/PROTOCOL.md lists).
public struct GestureUpdate: Sendable, Equatable {
    /// The daemon's sequence number (increasing per connection).
    public var sequence: Int64
    /// The subscription it came through (nil: one this client no longer knows).
    public var subscription: SubscriptionHandle?
    /// The binding's name.
    public var gesture: String
    /// The instance: one recognized gesture from its first `active` to its end.
    public var instance: Int64
    /// The device.
    public var device: Int64
    /// `active`, `ended` or `failed`.
    public var phase: PhaseKind
    /// Why it failed (`failed` only), e.g. `deviceRemoved`, `shutdown`, `reconfigured`.
    public var reason: String?
    /// Seconds since the daemon's time origin.
    public var time: Double
    /// The gesture's value, when it has one.
    public var value: JSONValue?
    /// The binding's published GestureState (reset in the `ended`/`failed` event itself).
    public var state: JSONValue?
    /// Part of the snapshot sent right after subscribing (an instance already in flight).
    public var isSnapshot: Bool
    /// The whole event.
    public var json: JSONValue

    /// Reads a `gesture` event, or an instance of a `snapshot` reply (which has no `event`
    /// field); `subscription` is the handle its daemon subscription maps to.
    public init?(_ value: JSONValue, subscription: SubscriptionHandle?) {
        guard (value["event"]?.stringValue ?? "gesture") == "gesture", let gesture = value["gesture"]?.stringValue,
            let instance = value["instance"]?.intValue, let phase = value["phase"]?.stringValue.flatMap(PhaseKind.init(rawValue:))
        else { return nil }
        sequence = value["seq"]?.intValue ?? 0
        self.subscription = subscription
        self.gesture = gesture
        self.instance = instance
        device = value["device"]?.intValue ?? 0
        self.phase = phase
        reason = value["reason"]?.stringValue
        time = value["time"]?.doubleValue ?? 0
        // By case, not `==`, which compares serialised texts.
        self.value = value["value"].flatMap { if case .null = $0 { nil } else { $0 } }
        state = value["state"].flatMap { if case .null = $0 { nil } else { $0 } }
        if case .bool(true)? = value["snapshot"] { isSnapshot = true } else { isSnapshot = false }
        json = value
    }
}
