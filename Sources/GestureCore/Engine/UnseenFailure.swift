/// An instance that failed before any client saw it (never accepted, so never announced): the
/// answer to "why did my gesture not fire" that no event gives. Kept while
/// ``GestureEngine/recordsUnseenFailures`` is on, for a view or a trace; off by default.
public struct UnseenFailure: Hashable, Sendable {
    /// The binding whose instance failed.
    public var binding: BindingID
    /// Its configured name.
    public var name: String
    /// Its device.
    public var device: DeviceID
    /// Why it failed.
    public var reason: FailureReason
    /// When (the round's time).
    public var time: Timestamp

    /// Creates a record.
    public init(binding: BindingID, name: String, device: DeviceID, reason: FailureReason, time: Timestamp) {
        self.binding = binding
        self.name = name
        self.device = device
        self.reason = reason
        self.time = time
    }
}
