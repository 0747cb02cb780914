import RealModule

/// Follows the fingers of a pinch or twist and measures how their spread and angle changed
/// since all were down: the shared measuring half of ``MagnifyGesture`` and ``RotateGesture``.
/// Two fingers are measured by the line between them; more (a many-finger pinch) by their
/// spread about the centroid, as twice their root-mean-square distance from it — for two
/// fingers the same length, so both agree on a magnification.
public struct TwoFingerTracker: Sendable {
    /// Finger bookkeeping (two fingers, or a many-finger magnify's count).
    public var fingers: FingerTracker
    /// Centroid when both fingers came down, in millimetres.
    public private(set) var startLocation = Point.zero
    /// The same, normalized 0…1.
    public private(set) var startAnchor = Point.zero
    /// Current centroid, in millimetres.
    public private(set) var location = Point.zero
    /// Current distance between the fingers divided by the distance at the start.
    public private(set) var magnification = 1.0
    /// Rotation since the start, unwrapped across ±π, counter-clockwise positive.
    public private(set) var rotation: Radians = 0
    /// Time of the latest measurement.
    public private(set) var time = Timestamp(microseconds: 0)
    /// Distance between the fingers (the spread, for more than two) when all came down.
    public private(set) var startDistance: Millimetres = 0
    var lastAngle: Radians = 0
    /// Magnification (x) and rotation (y) over time: one estimator for both, one sample per frame.
    var velocity: VelocityEstimator

    /// Shortest finger distance a magnification is measured against; closer fingers are one blob.
    static let minimumSpread: Millimetres = 0.5

    /// Whether it follows the angle (an arctangent per frame); a magnify does not need it, and
    /// its `rotation` stays 0.
    public let tracksRotation: Bool

    /// Creates a tracker of `fingers` fingers (two or more); `tracksRotation: false` leaves the
    /// angle alone (it is measured on the line between the first two fingers).
    public init(fingers: Int = 2, extraTouches: ExtraTouchPolicy, settings: GestureSettings, tracksRotation: Bool = true) {
        self.tracksRotation = tracksRotation
        self.fingers = FingerTracker(
            fingers: max(2, fingers), extraTouches: extraTouches, slop: settings.multiFingerSlop,
            settleTime: settings.fingerSettleTime)
        velocity = VelocityEstimator(window: settings.velocityWindow)
    }

    /// How far the centroid travelled since the start: the fingers moving together.
    public var translation: Millimetres { location.distance(to: startLocation) }
    /// How much the distance between the fingers changed: the fingers moving apart or together.
    public var spreadChange: Millimetres { abs(magnification - 1) * startDistance }
    /// How far each finger travelled around the centroid: the fingers turning.
    public var arcLength: Millimetres { abs(rotation) * startDistance / 2 }

    /// Magnification change per second.
    public var magnificationVelocity: Double { velocity.velocity.dx }
    /// Rotation change per second.
    public var rotationVelocity: Double { velocity.velocity.dy }

    /// Consumes a frame; returns what it meant for the fingers.
    public mutating func step(_ input: TouchInput) -> FingerTracker.Step {
        let step = fingers.step(input)
        switch step {
        case .started(let touches):
            startLocation = touches.centroid
            startAnchor = input.geometry.normalized(startLocation)
            startDistance = max(spread(touches, input), Self.minimumSpread)
            lastAngle = tracksRotation ? Self.angle(touches) : 0
            rotation = 0
            magnification = 1
            velocity.reset()
            measure(touches, at: input.time)
        case .tracking(let touches):
            if tracksRotation {
                var delta = Self.angle(touches) - lastAngle
                if delta > .pi { delta -= 2 * .pi } else if delta < -.pi { delta += 2 * .pi }
                rotation += delta
                lastAngle += delta
            }
            magnification = max(spread(touches, input), Self.minimumSpread) / startDistance
            measure(touches, at: input.time)
        case .waiting, .lifted, .failed:
            break
        }
        return step
    }

    mutating func measure(_ touches: TouchSummary, at time: Timestamp) {
        self.time = time
        location = touches.centroid
        velocity.add(time, x: magnification, y: rotation)
    }

    /// How far apart the tracked fingers are: the distance between two, or twice the
    /// root-mean-square distance of more from their centroid.
    @inline(__always)
    func spread(_ touches: TouchSummary, _ input: TouchInput) -> Millimetres {
        guard fingers.fingers > 2, let limit = fingers.limitKey else { return touches.first.distance(to: touches.second) }
        var squares = 0.0
        var count = 0.0
        for touch in input where touch.isLive && touch.key <= limit {
            let offset = touch.position - touches.centroid
            squares += offset.dx * offset.dx + offset.dy * offset.dy
            count += 1
        }
        return count > 0 ? 2 * (squares / count).squareRoot() : 0
    }

    /// Angle of the line from the first to the second finger, counter-clockwise as the user sees it.
    static func angle(_ touches: TouchSummary) -> Radians {
        Double.atan2(y: touches.first.y - touches.second.y, x: touches.second.x - touches.first.x)
    }

    /// Forgets the fingers.
    public mutating func reset() {
        fingers.reset()
        rotation = 0
        magnification = 1
    }
}
