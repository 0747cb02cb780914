/// Recognizes a shape drawn with `fingers` fingers — a circle, a check mark, a letter — by
/// matching the path of their centroid against templates (``StrokeMatcher``) when they lift.
/// `possible` while the fingers draw; `ended` with the best template's name and score when it
/// scores at least `minimumScore`; otherwise `failed`: ``FailureReason/tooShort`` for a path
/// shorter than `minimumLength`, ``FailureReason/noMatch`` when no template is close enough,
/// and the finger rules of every continuous gesture (an extra finger, too few).
///
/// It never becomes active: what was drawn is known only at the lift. A gesture of the same
/// fingers that activates while they move (a swipe, a drag) wins the touches first unless one
/// of them is `simultaneous`, or the stroke sits in a region of its own.
public struct StrokeGesture: Gesture {
    /// What a stroke reports.
    public struct Value: Hashable, Sendable, GestureValueConvertible {
        /// When the fingers lifted.
        public var time: Timestamp
        /// The matched template's name.
        public var name: String
        /// How alike the stroke and the template are: the cosine of their shapes, 0…1.
        public var score: Double
        /// Fingers that drew it.
        public var fingers: Int
        /// Length of the drawn path, millimetres.
        public var length: Millimetres
        /// Seconds from all fingers down to the lift.
        public var duration: Seconds

        /// Creates a value.
        public init(time: Timestamp, name: String, score: Double, fingers: Int, length: Millimetres, duration: Seconds) {
            self.time = time
            self.name = name
            self.score = score
            self.fingers = fingers
            self.length = length
            self.duration = duration
        }

        public var gestureValue: GestureValue { .stroke(self) }
    }

    /// Fingers that draw together.
    public var fingers: Int
    /// The templates and how they match.
    public var matcher: StrokeMatcher
    /// The score a stroke needs to match; nil takes ``GestureSettings/strokeMinimumScore``.
    public var minimumScore: Double?
    /// The path a stroke needs, millimetres; nil takes ``GestureSettings/strokeMinimumLength``.
    public var minimumLength: Millimetres?

    /// Creates a stroke gesture over `templates` (the built-in shapes when not given).
    public init(
        fingers: Int = 1, templates: [StrokeTemplate] = StrokeTemplate.builtIn, options: StrokeMatcher.Options = .init(),
        minimumScore: Double? = nil, minimumLength: Millimetres? = nil
    ) {
        self.init(fingers: fingers, matcher: StrokeMatcher(templates: templates, options: options), minimumScore: minimumScore, minimumLength: minimumLength)
    }

    /// Creates a stroke gesture over a prepared matcher (shared by every gesture given it).
    public init(fingers: Int, matcher: StrokeMatcher, minimumScore: Double? = nil, minimumLength: Millimetres? = nil) {
        self.fingers = fingers
        self.matcher = matcher
        self.minimumScore = minimumScore
        self.minimumLength = minimumLength
    }

    public func makeRecognizer(settings: GestureSettings) -> Recognizer {
        Recognizer(
            fingers: FingerTracker(fingers: fingers, extraTouches: .fail, slop: settings.multiFingerSlop, settleTime: settings.fingerSettleTime),
            matcher: matcher,
            minimumScore: minimumScore ?? settings.strokeMinimumScore, minimumLength: minimumLength ?? settings.strokeMinimumLength)
    }

    /// The stroke state machine.
    public struct Recognizer: GestureRecognizer {
        /// A leaf: no states to settle, no callbacks to run.
        public static var settles: Bool { false }
        /// A leaf: no states to settle, no callbacks to run.
        public static var announces: Bool { false }
        /// The fingers (the centroid is all a stroke needs of them: no velocity, unlike a swipe).
        var fingers: FingerTracker
        /// Where the centroid was last, while all fingers were down.
        var location = Point.zero
        let matcher: StrokeMatcher
        let minimumScore: Double
        let minimumLength: Millimetres
        var path = StrokePath()
        var scratch = StrokeMatcher.Scratch()
        public private(set) var phase = GesturePhase<Value>.possible
        public var deadline: Timestamp? { nil }

        init(fingers: FingerTracker, matcher: StrokeMatcher, minimumScore: Double, minimumLength: Millimetres) {
            self.fingers = fingers
            self.matcher = matcher
            self.minimumScore = minimumScore
            self.minimumLength = minimumLength
        }

        public mutating func update(_ input: TouchInput) {
            guard !phase.isTerminal else { return }
            switch fingers.step(input) {
            case .waiting:
                return
            case .started(let touches), .tracking(let touches):
                location = touches.centroid
                path.add(location)
            case .lifted:
                path.add(location, force: true)
                phase = decide(at: input.time)
            case .failed(let reason):
                phase = .failed(reason)
            }
        }

        /// What the lifted stroke was.
        mutating func decide(at time: Timestamp) -> GesturePhase<Value> {
            guard path.length >= minimumLength, let match = matcher.match(path, scratch: &scratch) else { return .failed(.tooShort) }
            guard match.score >= minimumScore else { return .failed(.noMatch) }
            return .ended(
                Value(
                    time: time, name: match.name, score: match.score, fingers: fingers.fingers, length: path.length,
                    duration: time - fingers.trackedSince))
        }

        public mutating func advance(to time: Timestamp) {}
        public mutating func fail(_ reason: FailureReason) { phase.fail(reason) }

        public mutating func reset() {
            phase = .possible
            fingers.reset()
            path.reset()
        }
    }
}
