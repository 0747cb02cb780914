/// Recognizes fingers spreading or pinching, like SwiftUI's `MagnifyGesture`: active once
/// their spread changed by `minimumScaleDelta`, ended when a finger lifts. Two fingers by
/// default; with `fingers` of three or more, the spread of all of them about their centroid
/// (libinput's three- and four-finger pinch; touchegg's `PINCH 3`). With a `direction`, only
/// a pinch that first changes its spread that way: one that crosses the threshold the other way
/// fails, and once active it stays active until the lift whichever way the fingers then go
/// (touchegg's `PINCH IN`, libinput-gestures' `pinch in`: one gesture, one direction).
public struct MagnifyGesture: Gesture {
    /// What a magnify reports.
    public struct Value: Hashable, Sendable, GestureValueConvertible {
        /// When this value was measured.
        public var time: Timestamp
        /// Current finger distance (spread, for more than two) over the one at the start (1 = unchanged).
        public var magnification: Double
        /// Change of magnification per second.
        public var velocity: Double
        /// Centroid at the start, normalized 0…1: the point to scale about.
        public var startAnchor: Point
        /// Centroid at the start, in millimetres.
        public var startLocation: Point
        /// Current centroid, in millimetres.
        public var location: Point

        /// Creates a value.
        public init(time: Timestamp, magnification: Double, velocity: Double, startAnchor: Point, startLocation: Point, location: Point) {
            self.time = time
            self.magnification = magnification
            self.velocity = velocity
            self.startAnchor = startAnchor
            self.startLocation = startLocation
            self.location = location
        }

        public var gestureValue: GestureValue { .magnify(self) }
    }

    /// Relative spread change before active; nil takes ``GestureSettings/magnifyMinimumScaleDelta``.
    public var minimumScaleDelta: Double?
    /// Fingers that pinch together (2 or more).
    public var fingers: Int
    /// What a further finger does.
    public var extraTouches: ExtraTouchPolicy
    /// The only way it goes (nil: either).
    public var direction: PinchDirection?

    /// Creates a magnify gesture.
    public init(minimumScaleDelta: Double? = nil, fingers: Int = 2, extraTouches: ExtraTouchPolicy = .fail, direction: PinchDirection? = nil) {
        self.minimumScaleDelta = minimumScaleDelta
        self.fingers = max(2, fingers)
        self.extraTouches = extraTouches
        self.direction = direction
    }

    public func makeRecognizer(settings: GestureSettings) -> TwoFingerRecognizer<Measure> {
        TwoFingerRecognizer(
            tracker: TwoFingerTracker(fingers: fingers, extraTouches: extraTouches, settings: settings, tracksRotation: false),
            measure: Measure(threshold: minimumScaleDelta ?? settings.magnifyMinimumScaleDelta, direction: direction),
            tapSlop: settings.tapMaximumMovement)
    }

    /// Measures the value and tests it against the threshold.
    public struct Measure: TwoFingerMeasure {
        /// The activation threshold.
        public var threshold: Double
        /// The only way it goes (nil: either).
        public var direction: PinchDirection?

        /// Creates a measure.
        public init(threshold: Double, direction: PinchDirection? = nil) {
            self.threshold = threshold
            self.direction = direction
        }

        @inlinable @inline(__always)
        public func value(of tracker: TwoFingerTracker) -> Value {
            Value(time: tracker.time, magnification: tracker.magnification, velocity: tracker.magnificationVelocity, startAnchor: tracker.startAnchor, startLocation: tracker.startLocation, location: tracker.location)
        }

        @inlinable @inline(__always)
        public func hasStarted(_ tracker: TwoFingerTracker) -> Bool {
            // Past the threshold, and the fingers mostly spread or pinch rather than move
            // together: a two-finger scroll jitters by several percent and degrees.
            crossed(tracker) && (direction?.accepts(tracker.magnification) ?? true)
        }

        @inlinable @inline(__always)
        public func hasGoneAstray(_ tracker: TwoFingerTracker) -> Bool {
            guard let direction else { return false }
            return crossed(tracker) && !direction.accepts(tracker.magnification)
        }

        /// Past the threshold either way, the fingers mostly spreading or pinching.
        @inlinable @inline(__always)
        func crossed(_ tracker: TwoFingerTracker) -> Bool {
            abs(tracker.magnification - 1) >= threshold && tracker.spreadChange >= tracker.translation
        }
    }
}
