/// One announcement of a gesture instance: what the engine returns from each frame and what
/// the daemon publishes. Per instance: zero or more `active`, then exactly one `ended` or
/// `failed`; never `possible` (instances nobody saw are not announced).
public struct GestureEvent: Hashable, Sendable {
    // The optionals are spelled `Optional<…>`: a `T?` stored property starts as nil before
    // `init` runs, and the optimizer then copied and destroyed the whole event (289 bytes)
    // on every append instead of moving it.
    /// When it happened (the frame's time, or the deadline that fired).
    public var time: Timestamp
    /// The device the touches were on.
    public var device: DeviceID
    /// The binding that recognized it.
    public var binding: BindingID
    /// The binding's name.
    public var name: String
    /// The instance: the engine-wide key (increasing in announce order).
    public var instance: InstanceID
    /// The instance's number within its binding's ``InstanceTally``: what the protocol and
    /// `gesturectl replay --json` publish as `instance`.
    public var number: UInt64
    /// `active`, `ended` or `failed`.
    public var phase: PhaseKind
    /// Why it failed, for `failed`.
    public var reason: Optional<FailureReason>
    /// The gesture's value (for `active` and `ended`).
    public var value: Optional<GestureValue>
    /// The binding's published ``GestureState`` after this frame (its initial value once the
    /// instance ended or failed), if it publishes one.
    public var state: Optional<GestureValue>

    /// Creates an event.
    public init(
        time: Timestamp, device: DeviceID, binding: BindingID, name: String, instance: InstanceID,
        number: UInt64? = nil, phase: PhaseKind, reason: FailureReason? = nil, value: GestureValue? = nil,
        state: GestureValue? = nil
    ) {
        self.time = time
        self.device = device
        self.binding = binding
        self.name = name
        self.instance = instance
        self.number = number ?? instance.rawValue
        self.phase = phase
        self.reason = reason
        self.value = value
        self.state = state
    }
}
