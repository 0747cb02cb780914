/// The state machine shared by ``TapGesture`` and ``SpatialTapGesture``: `count` presses of
/// exactly `fingers` fingers, each short and still, each close to the first and soon after the
/// previous one.
public struct TapTracker: Sendable {
    /// Where the tracker is.
    public enum State: Sendable, Equatable {
        /// Waiting for the next press (the first, or the next of a multi-tap).
        case waiting
        /// Fingers are down for a press that began at this time.
        case pressing(since: Timestamp)
        /// All presses done.
        case recognized
        /// Failed for this reason.
        case failed(FailureReason)
    }

    let count: Int
    let fingers: Int
    let maximumMovement: Millimetres
    let releaseJitter: Millimetres
    let maximumDuration: Seconds
    let interval: Seconds
    let tapDistance: Millimetres

    /// Current state.
    public private(set) var state = State.waiting
    /// Presses completed so far.
    public private(set) var completed = 0
    /// Where the first press happened (centroid of its fingers), in millimetres.
    public private(set) var location = Point.zero
    var mostFingers = 0
    var lastLift = Timestamp(microseconds: 0)
    /// A finger of this press has lifted: the release has begun.
    var releasing = false

    /// Creates a tracker for `count` taps of `fingers` fingers.
    public init(count: Int, fingers: Int, settings: GestureSettings) {
        self.count = max(1, count)
        self.fingers = max(1, fingers)
        maximumMovement = settings.tapMaximumMovement
        releaseJitter = settings.tapReleaseJitter
        maximumDuration = settings.tapMaximumDuration
        interval = settings.multiTapInterval
        tapDistance = settings.multiTapDistance
    }

    /// When the current press is held too long, or the next press is too late.
    public var deadline: Timestamp? {
        switch state {
        case .pressing(let since): since + maximumDuration
        case .waiting where completed > 0: lastLift + interval
        case .waiting, .recognized, .failed: nil
        }
    }

    /// Consumes a frame.
    public mutating func update(_ input: TouchInput) {
        var down = 0
        var lifted = 0
        var sumX = 0.0
        var sumY = 0.0
        var moved: Millimetres = 0
        for touch in input {
            if touch.isLive { down += 1 } else { lifted += 1 }
            sumX += touch.position.x
            sumY += touch.position.y
            moved = max(moved, touch.displacement.length)
        }
        let involved = down + lifted
        guard involved > 0 else { return }
        let centroid = Point(x: sumX / Double(involved), y: sumY / Double(involved))
        switch state {
        case .recognized, .failed:
            return
        case .waiting:
            if completed == 0 {
                location = centroid
            } else if centroid.distance(to: location) > tapDistance {
                state = .failed(.movedTooFar)
                return
            }
            state = .pressing(since: input.time)
            mostFingers = 0
            releasing = false
        case .pressing:
            break
        }
        mostFingers = max(mostFingers, involved)
        // Judged without the frames of the release: once a finger has lifted (the count
        // dropped), the fingers still down may jump up to the jitter as the panel re-estimates
        // them. Before that, moving past the slop fails at once (a short drag stays a drag,
        // and the arena hears of it without delay).
        if lifted > 0 { releasing = true }
        let slid = moved > input.geometry.allowance(maximumMovement) + (releasing ? releaseJitter : 0)
        if mostFingers > fingers {
            state = .failed(.extraTouch)
        } else if slid {
            state = .failed(.movedTooFar)
        } else if down == 0 {
            guard mostFingers == fingers else {
                state = .failed(.tooFewTouches)
                return
            }
            completed += 1
            lastLift = input.time
            state = completed == count ? .recognized : .waiting
        }
    }

    /// Lets time pass: a press held past the maximum, or a missing next tap, fails.
    public mutating func advance(to time: Timestamp) {
        guard let deadline, time >= deadline else { return }
        if case .pressing = state {
            state = .failed(.heldTooLong)
        } else {
            state = .failed(.timeout)
        }
    }

    /// Fails from outside, unless already finished.
    public mutating func fail(_ reason: FailureReason) {
        switch state {
        case .waiting, .pressing: state = .failed(reason)
        case .recognized, .failed: break
        }
    }

    /// Back to the start.
    public mutating func reset() {
        state = .waiting
        completed = 0
        mostFingers = 0
        releasing = false
    }
}
