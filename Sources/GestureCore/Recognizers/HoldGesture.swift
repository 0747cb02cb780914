/// Recognizes fingers resting on the surface, like libinput's hold gesture: active after
/// ``GestureSettings/holdDelay`` without movement, ended when the hand lifts, failed with
/// ``FailureReason/movedTooFar`` when they start moving (the hold turns into something else).
/// A hand lifts one finger after another: once one lifts, the others have
/// ``GestureSettings/fingerSettleTime`` to follow (again after each); one still down then
/// fails the hold with ``FailureReason/fingerCountChanged``, as libinput cancels it
/// (`gestures_hold_cancel`).
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
            delay: settings.holdDelay, maximumDistance: settings.holdMaximumDistance, liftTime: settings.fingerSettleTime)
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
        /// How long the other fingers have to lift after the first one.
        let liftTime: Seconds
        public private(set) var phase = GesturePhase<Value>.possible
        public private(set) var deadline: Timestamp?
        /// Fingers still down after one lifted while active (0: none lifted), which may still
        /// follow within the settle time.
        var lifting = 0

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
            case .lifted(let remaining):
                guard case .active = phase else { return fail(.releasedTooEarly) }
                if remaining.count == 0 {
                    phase = .ended(value(at: input.time))
                    deadline = nil
                } else {
                    phase = .active(value(at: input.time))
                    // Each finger that lifts gives the others the settle time again.
                    if remaining.count != lifting {
                        lifting = remaining.count
                        deadline = input.time + liftTime
                    }
                }
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
            if lifting > 0 { return fail(.fingerCountChanged) }
            phase = .active(value(at: time))
        }

        public mutating func fail(_ reason: FailureReason) {
            phase.fail(reason)
            deadline = nil
        }

        public mutating func reset() {
            phase = .possible
            deadline = nil
            lifting = 0
            stroke.reset()
        }
    }
}
