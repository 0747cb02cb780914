/// Recognizes fingers resting on the surface, like libinput's hold gesture: active after
/// ``GestureSettings/holdDelay`` without movement, ended when a finger lifts, failed with
/// ``FailureReason/movedTooFar`` when they start moving (the hold turns into something else).
public struct HoldGesture: Gesture {
    /// What a hold reports.
    public struct Value: Hashable, Sendable, GestureValueConvertible {
        /// When this value was measured.
        public var time: Timestamp
        /// Seconds since all fingers were down.
        public var duration: Seconds
        /// Centroid of the fingers, millimetres.
        public var location: Point
        /// Fingers holding.
        public var fingers: Int

        /// Creates a value.
        public init(time: Timestamp, duration: Seconds, location: Point, fingers: Int) {
            self.time = time
            self.duration = duration
            self.location = location
            self.fingers = fingers
        }

        public var gestureValue: GestureValue { .hold(self) }
    }

    /// Fingers that hold together.
    public var fingers: Int

    /// Creates a hold gesture.
    public init(fingers: Int = 1) {
        self.fingers = fingers
    }

    public func makeRecognizer(settings: GestureSettings) -> Recognizer {
        Recognizer(
            stroke: StrokeTracker(fingers: fingers, extraTouches: .fail, settings: settings),
            delay: settings.holdDelay, maximumDistance: settings.holdMaximumDistance)
    }

    /// The hold state machine.
    public struct Recognizer: GestureRecognizer {
        /// A leaf: no states to settle, no callbacks to run.
        public static var settles: Bool { false }
        /// A leaf: no states to settle, no callbacks to run.
        public static var announces: Bool { false }
        var stroke: StrokeTracker
        let delay: Seconds
        let maximumDistance: Millimetres
        public private(set) var phase = GesturePhase<Value>.possible
        public private(set) var deadline: Timestamp?

        public mutating func update(_ input: TouchInput) {
            guard !phase.isTerminal else { return }
            switch stroke.step(input) {
            case .waiting:
                return
            case .started:
                deadline = input.time + delay
            case .tracking:
                if stroke.maxDisplacement > maximumDistance {
                    fail(.movedTooFar)
                } else if case .active = phase {
                    phase = .active(value(at: input.time))
                }
            case .lifted:
                if case .active = phase { phase = .ended(value(at: input.time)) } else { fail(.releasedTooEarly) }
            case .failed(let reason):
                fail(reason)
            }
        }

        func value(at time: Timestamp) -> Value {
            Value(time: time, duration: time - stroke.startTime, location: stroke.location, fingers: stroke.fingers.fingers)
        }

        public mutating func advance(to time: Timestamp) {
            guard !phase.isTerminal, let deadline, time >= deadline else { return }
            self.deadline = nil
            phase = .active(value(at: time))
        }

        public mutating func fail(_ reason: FailureReason) {
            phase.fail(reason)
            deadline = nil
        }

        public mutating func reset() {
            phase = .possible
            deadline = nil
            stroke.reset()
        }
    }
}
