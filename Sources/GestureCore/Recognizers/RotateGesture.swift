/// Recognizes two fingers (or `fingers` fingers) twisting, like SwiftUI's `RotateGesture`:
/// active once they turned `minimumAngleDelta`, ended when a finger lifts. More than two fingers
/// turn as a hand does; the angle is measured, as libinput measures a many-finger pinch's, on
/// the line between the first two of them.
public struct RotateGesture: Gesture {
    /// What a rotate reports.
    public struct Value: Hashable, Sendable, GestureValueConvertible {
        /// When this value was measured.
        public var time: Timestamp
        /// Rotation since the start, radians, counter-clockwise as the user sees it.
        public var rotation: Radians
        /// Change of rotation per second.
        public var velocity: Double
        /// Centroid at the start, normalized 0…1: the point to rotate about.
        public var startAnchor: Point
        /// Centroid at the start, in millimetres.
        public var startLocation: Point
        /// Current centroid, in millimetres.
        public var location: Point

        /// Creates a value.
        public init(time: Timestamp, rotation: Radians, velocity: Double, startAnchor: Point, startLocation: Point, location: Point) {
            self.time = time
            self.rotation = rotation
            self.velocity = velocity
            self.startAnchor = startAnchor
            self.startLocation = startLocation
            self.location = location
        }

        public var gestureValue: GestureValue { .rotate(self) }
    }

    /// Turn before active; nil takes ``GestureSettings/rotateMinimumAngleDelta``.
    public var minimumAngleDelta: Radians?
    /// Fingers that turn together (2 or more).
    public var fingers: Int
    /// What a further finger does.
    public var extraTouches: ExtraTouchPolicy

    /// Creates a rotate gesture.
    public init(minimumAngleDelta: Radians? = nil, fingers: Int = 2, extraTouches: ExtraTouchPolicy = .fail) {
        self.minimumAngleDelta = minimumAngleDelta
        self.fingers = max(2, fingers)
        self.extraTouches = extraTouches
    }

    public func makeRecognizer(settings: GestureSettings) -> TwoFingerRecognizer<Measure> {
        TwoFingerRecognizer(
            tracker: TwoFingerTracker(fingers: fingers, extraTouches: extraTouches, settings: settings),
            measure: Measure(threshold: minimumAngleDelta ?? settings.rotateMinimumAngleDelta),
            tapSlop: settings.tapMaximumMovement)
    }

    /// Measures the value and tests it against the threshold.
    public struct Measure: TwoFingerMeasure {
        /// The activation threshold.
        public var threshold: Radians

        /// Creates a measure.
        public init(threshold: Radians) {
            self.threshold = threshold
        }

        @inlinable @inline(__always)
        public func value(of tracker: TwoFingerTracker) -> Value {
            Value(time: tracker.time, rotation: tracker.rotation, velocity: tracker.rotationVelocity, startAnchor: tracker.startAnchor, startLocation: tracker.startLocation, location: tracker.location)
        }

        @inlinable @inline(__always)
        public func hasStarted(_ tracker: TwoFingerTracker) -> Bool {
            // Past the threshold, and the fingers mostly turn rather than move
            // together: a two-finger scroll jitters by several percent and degrees.
            abs(tracker.rotation) >= threshold && tracker.arcLength >= tracker.translation
        }
    }
}
