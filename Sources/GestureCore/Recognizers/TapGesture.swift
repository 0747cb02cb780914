/// Recognizes `count` taps with `fingers` fingers: each a short, still press. Discrete: it goes
/// from `possible` straight to `ended` when the last tap lifts.
public struct TapGesture: Gesture {
    /// What a recognized tap reports.
    public struct Value: Hashable, Sendable, GestureValueConvertible {
        /// Number of taps.
        public var count: Int
        /// Fingers per tap.
        public var fingers: Int
        /// Where the first tap happened (centroid), in millimetres.
        public var location: Point

        /// Creates a value.
        public init(count: Int, fingers: Int, location: Point) {
            self.count = count
            self.fingers = fingers
            self.location = location
        }

        public var gestureValue: GestureValue { .tap(self) }
    }

    /// Taps required.
    public var count: Int
    /// Fingers per tap.
    public var fingers: Int

    /// Creates a tap gesture.
    public init(count: Int = 1, fingers: Int = 1) {
        self.count = count
        self.fingers = fingers
    }

    public func makeRecognizer(settings: GestureSettings) -> Recognizer {
        Recognizer(tracker: TapTracker(count: count, fingers: fingers, settings: settings))
    }

    /// The tap state machine.
    public struct Recognizer: GestureRecognizer {
        /// A leaf: no states to settle, no callbacks to run.
        public static var settles: Bool { false }
        /// A leaf: no states to settle, no callbacks to run.
        public static var announces: Bool { false }
        var tracker: TapTracker

        public var phase: GesturePhase<Value> {
            switch tracker.state {
            case .waiting, .pressing: .possible
            case .recognized:
                .ended(Value(count: tracker.completed, fingers: tracker.fingers, location: tracker.location))
            case .failed(let reason): .failed(reason)
            }
        }

        public var deadline: Timestamp? { tracker.deadline }
        public mutating func update(_ input: TouchInput) { tracker.update(input) }
        public mutating func advance(to time: Timestamp) { tracker.advance(to: time) }
        public mutating func reset() { tracker.reset() }

        public mutating func fail(_ reason: FailureReason) { tracker.fail(reason) }
    }
}
