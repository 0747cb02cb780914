/// Recognizes fingers moving together, like SwiftUI's `DragGesture`: active once the centroid
/// of `fingers` fingers has moved `minimumDistance`, ended when one of them lifts.
public struct DragGesture: Gesture {
    /// What a drag reports, in millimetres and seconds.
    public struct Value: Hashable, Sendable, GestureValueConvertible {
        /// When this value was measured.
        public var time: Timestamp
        /// Current centroid of the fingers.
        public var location: Point
        /// Centroid when all fingers were first down.
        public var startLocation: Point
        /// `location - startLocation`.
        public var translation: Vector
        /// Current velocity of the centroid, mm/s.
        public var velocity: Vector
        /// Where the centroid would stop if the fingers lifted now and it decelerated.
        public var predictedEndLocation: Point
        /// `predictedEndLocation - startLocation`.
        public var predictedEndTranslation: Vector
        /// Fingers dragging.
        public var fingers: Int

        /// Creates a value.
        public init(
            time: Timestamp, location: Point, startLocation: Point, velocity: Vector,
            projectionTime: Seconds, fingers: Int
        ) {
            self.time = time
            self.location = location
            self.startLocation = startLocation
            translation = location - startLocation
            self.velocity = velocity
            predictedEndLocation = location + velocity * projectionTime
            predictedEndTranslation = predictedEndLocation - startLocation
            self.fingers = fingers
        }

        public var gestureValue: GestureValue { .drag(self) }
    }

    /// Distance before the drag is active; nil takes ``GestureSettings/dragMinimumDistance``.
    public var minimumDistance: Millimetres?
    /// Fingers that drag together.
    public var fingers: Int
    /// What a further finger does (SwiftUI fails the drag).
    public var extraTouches: ExtraTouchPolicy

    /// Creates a drag gesture.
    public init(minimumDistance: Millimetres? = nil, fingers: Int = 1, extraTouches: ExtraTouchPolicy = .fail) {
        self.minimumDistance = minimumDistance
        self.fingers = fingers
        self.extraTouches = extraTouches
    }

    public func makeRecognizer(settings: GestureSettings) -> Recognizer {
        Recognizer(
            fingers: FingerTracker(
                fingers: fingers, extraTouches: extraTouches, slop: settings.multiFingerSlop, settleTime: settings.fingerSettleTime),
            minimumDistance: minimumDistance ?? settings.dragMinimumDistance,
            projectionTime: settings.projectionTime,
            velocity: VelocityEstimator(window: settings.velocityWindow))
    }

    /// The drag state machine.
    public struct Recognizer: GestureRecognizer {
        /// A leaf: no states to settle, no callbacks to run.
        public static var settles: Bool { false }
        /// A leaf: no states to settle, no callbacks to run.
        public static var announces: Bool { false }
        var fingers: FingerTracker
        let minimumDistance: Millimetres
        let projectionTime: Seconds
        var velocity: VelocityEstimator
        var start = Point.zero
        /// The value while it waits for the finger count to settle (what a quick stroke ends with).
        var unsettled: Value?
        public private(set) var phase = GesturePhase<Value>.possible
        public var deadline: Timestamp? { nil }

        public mutating func update(_ input: TouchInput) {
            guard !phase.isTerminal else { return }
            switch fingers.step(input) {
            case .waiting:
                return
            case .started(let touches):
                start = touches.centroid
                unsettled = nil
                velocity.reset()
                follow(touches, at: input.time)
            case .tracking(let touches):
                follow(touches, at: input.time)
            case .lifted:
                if case .active(let value) = phase {
                    phase = .ended(value)
                } else if let unsettled, unsettled.translation.length >= minimumDistance {
                    // A quick stroke (libinput's touchpad_no_palm_detect_2fg_scroll: two fingers
                    // move 10 mm in 100 ms and lift): it went far enough but lifted before the
                    // finger count had settled. The lift ends that question, so it ended, as a
                    // quick pinch and a flick do.
                    phase = .ended(unsettled)
                } else {
                    phase = .failed(.tooShort)
                }
            case .failed(let reason):
                phase = .failed(reason)
            }
        }

        mutating func follow(_ touches: TouchSummary, at time: Timestamp) {
            let location = touches.centroid
            velocity.add(time, x: location.x, y: location.y)
            let value = Value(
                time: time, location: location, startLocation: start, velocity: velocity.velocity,
                projectionTime: projectionTime, fingers: fingers.fingers)
            if case .active = phase {
                phase = .active(value)
            } else if value.translation.length >= minimumDistance && fingers.isSettled(at: time) {
                phase = .active(value)
            } else {
                unsettled = value
            }
        }

        public mutating func advance(to time: Timestamp) {}
        public mutating func fail(_ reason: FailureReason) { phase.fail(reason) }

        public mutating func reset() {
            phase = .possible
            unsettled = nil
            fingers.reset()
            velocity.reset()
        }
    }
}
