import GestureCore

/// What the hub tells and asks the input that feeds it — live input, a replay, or a test's
/// double — in one place, instead of a closure for each: the input implements what it needs
/// (the rest does nothing) and attaches itself as ``GestureHub/input``, on the hub's loop.
/// Every call comes on the loop.
public protocol HubInput: AnyObject {
    /// The hub's next deadline changed (nil: none): the engine's, or a grabbed device's
    /// forwarder's (``GestureHub/setForwardingDeadline(_:of:)``), whichever comes first. For an
    /// input that fires deadlines itself, in order with its frames (live input's thread).
    func deadlineChanged(to deadline: Timestamp?)
    /// Time passed with no frame (``GestureHub/advance(to:)``): grabbed devices' held contacts
    /// may go to their twins now (a verdict may have come with the time).
    func advanced(to time: Timestamp)
    /// Which devices have a gesture that consumes changed: grab them, or give them back.
    func consumptionChanged()
    /// Whether a subscription takes libinput's own touchpad gestures: told when it changes, and
    /// once as the input attaches.
    func touchpadDemandChanged(to wanted: Bool)
    /// The number of subscriptions (recordings counted) changed: a replay that waits for its
    /// subscribers starts.
    func subscriptionsChanged(count: Int)
    /// Whether `device`'s raw events can be handed over for a recording, and then the udev
    /// properties a recording keeps; nil: they cannot (a device read through libinput).
    func recordable(_ device: DeviceID) -> [String]?
    /// Someone started (`true`) or stopped recording `device`: hand its raw events over
    /// (``GestureHub/recorded(_:_:startsFrame:)``) only while someone does.
    func recordingChanged(_ device: DeviceID, on: Bool)
    /// Why a grabbed device's forwarding does not move, or nil: asked before each watchdog ping.
    func forwardingStall() -> String?
}

extension HubInput {
    public func deadlineChanged(to deadline: Timestamp?) {}
    public func advanced(to time: Timestamp) {}
    public func consumptionChanged() {}
    public func touchpadDemandChanged(to wanted: Bool) {}
    public func subscriptionsChanged(count: Int) {}
    public func recordable(_ device: DeviceID) -> [String]? { nil }
    public func recordingChanged(_ device: DeviceID, on: Bool) {}
    public func forwardingStall() -> String? { nil }
}
