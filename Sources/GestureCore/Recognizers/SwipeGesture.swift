/// Recognizes `fingers` fingers sweeping in one of eight directions. Active once they moved
/// ``GestureSettings/swipeActivationDistance`` within the direction's sector (so a desktop can
/// follow the fingers), ended on lift if the swipe covered `minimumDistance` at
/// `minimumVelocity`; otherwise failed with the reason.
public struct SwipeGesture: Gesture {
    /// What a swipe reports.
    public struct Value: Hashable, Sendable, GestureValueConvertible {
        /// When this value was measured.
        public var time: Timestamp
        /// The direction the gesture accepts.
        public var direction: SwipeDirection
        /// Fingers swiping.
        public var fingers: Int
        /// Centroid movement since all fingers were down, millimetres.
        public var translation: Vector
        /// Distance covered along the direction, millimetres.
        public var distance: Millimetres
        /// Current velocity of the centroid, mm/s.
        public var velocity: Vector

        /// Creates a value.
        public init(time: Timestamp, direction: SwipeDirection, fingers: Int, translation: Vector, velocity: Vector) {
            self.time = time
            self.direction = direction
            self.fingers = fingers
            self.translation = translation
            distance = translation.dot(direction.unitVector)
            self.velocity = velocity
        }

        public var gestureValue: GestureValue { .swipe(self) }
    }

    /// The direction to recognize.
    public var direction: SwipeDirection
    /// Fingers that swipe together.
    public var fingers: Int
    /// Distance needed to succeed; nil takes ``GestureSettings/swipeMinimumDistance``.
    public var minimumDistance: Millimetres?
    /// Release speed along the direction needed to succeed, mm/s; nil takes ``GestureSettings/swipeMinimumVelocity``.
    public var minimumVelocity: Double?

    /// Creates a swipe gesture.
    public init(direction: SwipeDirection, fingers: Int = 1, minimumDistance: Millimetres? = nil, minimumVelocity: Double? = nil) {
        self.direction = direction
        self.fingers = fingers
        self.minimumDistance = minimumDistance
        self.minimumVelocity = minimumVelocity
    }

    public func makeRecognizer(settings: GestureSettings) -> Recognizer {
        Recognizer(
            stroke: StrokeTracker(fingers: fingers, extraTouches: .fail, settings: settings),
            direction: direction,
            activationDistance: settings.swipeActivationDistance,
            tolerance: settings.swipeAngleTolerance,
            minimumDistance: minimumDistance ?? settings.swipeMinimumDistance,
            minimumVelocity: minimumVelocity ?? settings.swipeMinimumVelocity)
    }

    /// The swipe state machine.
    public struct Recognizer: GestureRecognizer {
        /// A leaf: no states to settle, no callbacks to run.
        public static var settles: Bool { false }
        /// A leaf: no states to settle, no callbacks to run.
        public static var announces: Bool { false }
        var stroke: StrokeTracker
        let direction: SwipeDirection
        let activationDistance: Millimetres
        let tolerance: Radians
        let minimumDistance: Millimetres
        let minimumVelocity: Double
        public private(set) var phase = GesturePhase<Value>.possible
        public var deadline: Timestamp? { nil }

        public mutating func update(_ input: TouchInput) {
            guard !phase.isTerminal else { return }
            switch stroke.step(input) {
            case .waiting:
                return
            case .started, .tracking:
                let value = Value(
                    time: stroke.time, direction: direction, fingers: stroke.fingers.fingers,
                    translation: stroke.translation, velocity: stroke.velocity)
                if case .active = phase {
                    phase = .active(value)
                } else if value.translation.length >= activationDistance && stroke.fingers.isSettled(at: input.time) {
                    phase = !direction.accepts(value.translation, tolerance: tolerance) ? .failed(.wrongDirection)
                        : movesTogether(input, value.translation) ? .active(value) : .failed(.fingersApart)
                }
            case .lifted:
                guard case .active(let value) = phase else {
                    phase = flick(input)
                    return
                }
                if value.distance < minimumDistance {
                    phase = .failed(.tooShort)
                } else if value.velocity.dot(direction.unitVector) < minimumVelocity {
                    phase = .failed(.tooSlow)
                } else {
                    phase = .ended(value)
                }
            case .failed(let reason):
                phase = .failed(reason)
            }
        }

        /// A flick: the fingers lifted before they had rested the settle time — they came down
        /// together and left at once, 60–100 ms later, as many people swipe. The settle time
        /// keeps a swipe from starting while fingers are still landing; a lift ends that
        /// question, so the whole stroke is judged as libinput judges a swipe, by its motion:
        /// far enough, in the direction, fast enough. Ends at the lift, never before it.
        func flick(_ input: TouchInput) -> GesturePhase<Value> {
            guard stroke.fingers.isTracking else { return .failed(.tooShort) }
            let value = Value(
                time: stroke.time, direction: direction, fingers: stroke.fingers.fingers, translation: stroke.translation,
                velocity: stroke.velocity)
            guard value.translation.length >= activationDistance, value.distance >= minimumDistance else { return .failed(.tooShort) }
            guard direction.accepts(value.translation, tolerance: tolerance) else { return .failed(.wrongDirection) }
            guard movesTogether(input, value.translation) else { return .failed(.fingersApart) }
            guard value.velocity.dot(direction.unitVector) >= minimumVelocity else { return .failed(.tooSlow) }
            return .ended(value)
        }

        /// Whether the tracked fingers moved the same way as their centroid (`translation`): a
        /// finger that moved more than ``Self/stillFinger`` against it (over 90° away) makes the
        /// stroke a pinch or a spread, not a swipe (libinput's swipe needs its fingers moving
        /// the same way: `gestures_pinch_3fg`). A finger that barely moved is not judged. On a
        /// device that places fewer fingers than the swipe's (libinput's fake fingers sit on a
        /// real one) how each finger moved is unknown, and the stroke is a swipe, as libinput
        /// decides (`gestures_swipe_3fg_btntool_pinch_like`).
        func movesTogether(_ input: TouchInput, _ translation: Vector) -> Bool {
            guard stroke.fingers.fingers > 1, stroke.fingers.fingers <= input.geometry.placedFingers,
                let limit = stroke.fingers.limitKey
            else { return true }
            for touch in input where touch.key <= limit {
                let moved = touch.displacement
                if moved.length > Self.stillFinger && moved.dot(translation) < 0 { return false }
            }
            return true
        }

        /// How far a finger may move against the others and still be judged as staying put.
        static let stillFinger: Millimetres = 3

        public mutating func advance(to time: Timestamp) {}
        public mutating func fail(_ reason: FailureReason) { phase.fail(reason) }

        public mutating func reset() {
            phase = .possible
            stroke.reset()
        }
    }
}
