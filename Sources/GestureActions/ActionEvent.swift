import GestureCore
import GesturePipeline
import GestureWire

/// What ``ActionTracker`` needs of a gesture event (the client library's `GestureUpdate`
/// carries the same fields).
public struct ActionEvent: Sendable, Equatable {
    /// The gesture's name.
    public var gesture: String
    /// The instance.
    public var instance: Int64
    /// The device.
    public var device: Int64
    /// `active`, `ended` or `failed`.
    public var phase: PhaseKind
    /// Why it failed.
    public var reason: String?
    /// Its value.
    public var value: JSONValue?
    /// Its published state.
    public var state: JSONValue?
    /// Part of the snapshot of instances in flight sent on subscribing.
    public var isSnapshot: Bool

    /// Creates an event.
    public init(
        gesture: String, instance: Int64, device: Int64 = 0, phase: PhaseKind, reason: String? = nil, value: JSONValue? = nil,
        state: JSONValue? = nil, isSnapshot: Bool = false
    ) {
        self.gesture = gesture
        self.instance = instance
        self.device = device
        self.phase = phase
        self.reason = reason
        self.value = value
        self.state = state
        self.isSnapshot = isSnapshot
    }

    /// The environment a command gets: the same variables as `gesturectl on` sets.
    public var environment: [String: String] {
        [
            "GESTURE_NAME": gesture, "GESTURE_PHASE": phase.rawValue, "GESTURE_REASON": reason ?? "",
            "GESTURE_INSTANCE": String(instance), "GESTURE_DEVICE": String(device),
            "GESTURE_VALUE": value?.serialized ?? "null", "GESTURE_STATE": state?.serialized ?? "null",
        ]
    }
}
