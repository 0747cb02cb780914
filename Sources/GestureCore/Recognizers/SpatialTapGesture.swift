/// A ``TapGesture`` that reports where it happened, like SwiftUI's `SpatialTapGesture`.
public struct SpatialTapGesture: Gesture {
    /// Where the tap happened.
    public struct Value: Hashable, Sendable, GestureValueConvertible {
        /// Centroid of the first tap, in millimetres.
        public var location: Point
        /// The same location normalized 0…1 across the surface.
        public var normalizedLocation: Point

        /// Creates a value.
        public init(location: Point, normalizedLocation: Point) {
            self.location = location
            self.normalizedLocation = normalizedLocation
        }

        public var gestureValue: GestureValue { .spatialTap(self) }
    }

    /// Taps required.
    public var count: Int
    /// Fingers per tap.
    public var fingers: Int

    /// Creates a spatial tap gesture.
    public init(count: Int = 1, fingers: Int = 1) {
        self.count = count
        self.fingers = fingers
    }

    public func makeRecognizer(settings: GestureSettings) -> Recognizer {
        Recognizer(tracker: TapTracker(count: count, fingers: fingers, settings: settings))
    }

    /// The spatial tap state machine.
    public struct Recognizer: GestureRecognizer {
        /// A leaf: no states to settle, no callbacks to run.
        public static var settles: Bool { false }
        /// A leaf: no states to settle, no callbacks to run.
        public static var announces: Bool { false }
        var tracker: TapTracker
        var geometry = DeviceGeometry(width: 0, height: 0)

        public var phase: GesturePhase<Value> {
            switch tracker.state {
            case .waiting, .pressing: .possible
            case .recognized:
                .ended(Value(location: tracker.location, normalizedLocation: geometry.normalized(tracker.location)))
            case .failed(let reason): .failed(reason)
            }
        }

        public var deadline: Timestamp? { tracker.deadline }
        public mutating func advance(to time: Timestamp) { tracker.advance(to: time) }
        public mutating func reset() { tracker.reset() }

        public mutating func update(_ input: TouchInput) {
            geometry = input.geometry
            tracker.update(input)
        }

        public mutating func fail(_ reason: FailureReason) { tracker.fail(reason) }
    }
}
