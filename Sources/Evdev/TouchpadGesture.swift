import GestureCore

/// One of libinput's own touchpad gesture events (swipe, pinch, hold), passed through as is.
public struct TouchpadGesture: Hashable, Sendable {
    /// Which libinput gesture.
    public enum Kind: String, Hashable, Sendable {
        /// Fingers moving together.
        case swipe
        /// Fingers spreading, pinching or turning.
        case pinch
        /// Fingers resting.
        case hold
    }

    /// Where in the gesture.
    public enum Stage: String, Hashable, Sendable {
        /// It started.
        case begin
        /// It moved.
        case update
        /// It finished (see `cancelled`).
        case end
    }

    /// The device.
    public var device: DeviceID
    /// When (µs, monotonic).
    public var time: Timestamp
    /// Which gesture.
    public var kind: Kind
    /// Begin, update or end.
    public var stage: Stage
    /// Fingers on the pad.
    public var fingers: Int
    /// Centroid motion since the last event, in libinput's pointer-acceleration units.
    public var delta: Vector
    /// Pinch: scale since the start (1 = unchanged).
    public var scale: Double
    /// Pinch: rotation since the last event, degrees clockwise.
    public var angleDelta: Double
    /// At `end`: whether libinput cancelled the gesture rather than ending it.
    public var cancelled: Bool

    /// Creates a touchpad gesture event.
    public init(
        device: DeviceID, time: Timestamp, kind: Kind, stage: Stage, fingers: Int, delta: Vector, scale: Double,
        angleDelta: Double, cancelled: Bool
    ) {
        self.device = device
        self.time = time
        self.kind = kind
        self.stage = stage
        self.fingers = fingers
        self.delta = delta
        self.scale = scale
        self.angleDelta = angleDelta
        self.cancelled = cancelled
    }
}
