/// Follows the centroid of a group of fingers from where they all came down: the measuring half
/// of ``SwipeGesture``, ``EdgeSwipeGesture`` and ``HoldGesture``.
public struct StrokeTracker: Sendable {
    /// Finger bookkeeping.
    public var fingers: FingerTracker
    /// Centroid when all fingers were first down, in millimetres.
    public private(set) var start = Point.zero
    /// When all fingers were first down.
    public private(set) var startTime = Timestamp(microseconds: 0)
    /// Current centroid, in millimetres.
    public private(set) var location = Point.zero
    /// Time of the latest measurement.
    public private(set) var time = Timestamp(microseconds: 0)
    /// Largest distance any tracked finger moved from where it began.
    public private(set) var maxDisplacement: Millimetres = 0
    var estimator: VelocityEstimator

    /// Creates a tracker.
    public init(fingers: Int, extraTouches: ExtraTouchPolicy, settings: GestureSettings) {
        self.fingers = FingerTracker(
            fingers: fingers, extraTouches: extraTouches, slop: settings.multiFingerSlop, settleTime: settings.fingerSettleTime)
        estimator = VelocityEstimator(window: settings.velocityWindow)
    }

    /// `location - start`.
    public var translation: Vector { location - start }
    /// Current velocity of the centroid, mm/s.
    public var velocity: Vector { estimator.velocity }

    /// Consumes a frame; returns what it meant for the fingers.
    public mutating func step(_ input: TouchInput) -> FingerTracker.Step {
        let step = fingers.step(input)
        switch step {
        case .started(let touches):
            start = touches.centroid
            startTime = input.time
            estimator.reset()
            measure(touches, at: input.time)
        case .tracking(let touches):
            measure(touches, at: input.time)
        case .waiting, .lifted, .failed:
            break
        }
        return step
    }

    mutating func measure(_ touches: TouchSummary, at time: Timestamp) {
        self.time = time
        location = touches.centroid
        maxDisplacement = touches.maxDisplacement
        estimator.add(time, x: location.x, y: location.y)
    }

    /// Forgets the fingers.
    public mutating func reset() {
        fingers.reset()
        estimator.reset()
        maxDisplacement = 0
    }
}
