import RealModule

/// Recognizes fingers that start within ``GestureSettings/edgeWidth`` of an edge and move
/// inward (a "back" or "open panel" gesture). Active once they moved
/// ``GestureSettings/swipeActivationDistance`` inward, ended on lift if they got
/// `minimumDistance` in.
public struct EdgeSwipeGesture: Gesture {
    /// What an edge swipe reports.
    public struct Value: Hashable, Sendable, GestureValueConvertible {
        /// When this value was measured.
        public var time: Timestamp
        /// The edge the fingers came from.
        public var edge: Edge
        /// Fingers swiping.
        public var fingers: Int
        /// Current centroid, millimetres.
        public var location: Point
        /// Centroid movement since all fingers were down, millimetres.
        public var translation: Vector
        /// Distance moved inward from the edge, millimetres.
        public var distance: Millimetres
        /// Current velocity of the centroid, mm/s.
        public var velocity: Vector

        /// Creates a value.
        public init(time: Timestamp, edge: Edge, fingers: Int, location: Point, translation: Vector, velocity: Vector) {
            self.time = time
            self.edge = edge
            self.fingers = fingers
            self.location = location
            self.translation = translation
            distance = translation.dot(edge.inward)
            self.velocity = velocity
        }

        public var gestureValue: GestureValue { .edgeSwipe(self) }
    }

    /// How far off straight-inward the movement may point: 45°, in radians.
    public static let angleTolerance: Radians = .pi / 4

    /// The edge to start from.
    public var edge: Edge
    /// Fingers that swipe together.
    public var fingers: Int
    /// Inward distance needed to succeed; nil takes ``GestureSettings/edgeSwipeMinimumDistance``.
    public var minimumDistance: Millimetres?

    /// Creates an edge swipe gesture.
    public init(edge: Edge, fingers: Int = 1, minimumDistance: Millimetres? = nil) {
        self.edge = edge
        self.fingers = fingers
        self.minimumDistance = minimumDistance
    }

    public func makeRecognizer(settings: GestureSettings) -> Recognizer {
        Recognizer(
            stroke: StrokeTracker(fingers: fingers, extraTouches: .fail, settings: settings),
            edge: edge,
            edgeWidth: settings.edgeWidth,
            activationDistance: settings.swipeActivationDistance,
            minimumDistance: minimumDistance ?? settings.edgeSwipeMinimumDistance)
    }

    /// The edge swipe state machine.
    public struct Recognizer: GestureRecognizer {
        /// A leaf: no states to settle, no callbacks to run.
        public static var settles: Bool { false }
        /// A leaf: no states to settle, no callbacks to run.
        public static var announces: Bool { false }
        var stroke: StrokeTracker
        let edge: Edge
        let edgeWidth: Millimetres
        let activationDistance: Millimetres
        let minimumDistance: Millimetres
        public private(set) var phase = GesturePhase<Value>.possible
        public var deadline: Timestamp? { nil }

        public mutating func update(_ input: TouchInput) {
            guard !phase.isTerminal else { return }
            switch stroke.step(input) {
            case .waiting:
                return
            case .started:
                if edge.distance(from: stroke.start, in: input.geometry.size) > edgeWidth {
                    phase = .failed(.outsideEdge)
                }
            case .tracking:
                let value = Value(
                    time: stroke.time, edge: edge, fingers: stroke.fingers.fingers, location: stroke.location,
                    translation: stroke.translation, velocity: stroke.velocity)
                if case .active = phase {
                    phase = .active(value)
                } else if value.translation.length >= activationDistance && stroke.fingers.isSettled(at: input.time) {
                    let inward = value.distance >= value.translation.length * Double.cos(EdgeSwipeGesture.angleTolerance)
                    phase = inward ? .active(value) : .failed(.wrongDirection)
                }
            case .lifted:
                if case .active(let value) = phase, value.distance >= minimumDistance {
                    phase = .ended(value)
                } else {
                    phase = .failed(.tooShort)
                }
            case .failed(let reason):
                phase = .failed(reason)
            }
        }

        public mutating func advance(to time: Timestamp) {}
        public mutating func fail(_ reason: FailureReason) { phase.fail(reason) }

        public mutating func reset() {
            phase = .possible
            stroke.reset()
        }
    }
}
