/// The finger bookkeeping every continuous recognizer shares: wait until `fingers` touches
/// are down, then follow exactly those (by begin order), and report a lift, an extra finger
/// or a slide before all fingers arrived. Like GTK's `GtkGesture`, a recognizer built on it
/// only decides what the motion means.
public struct FingerTracker: Sendable {
    /// What one frame meant for the tracked fingers.
    public enum Step: Sendable {
        /// Fewer fingers than needed are down; keep waiting.
        case waiting
        /// All fingers are down for the first time in this frame; tracking starts.
        case started(TouchSummary)
        /// The tracked fingers are down (moved or not).
        case tracking(TouchSummary)
        /// A tracked finger lifted in this frame: the gesture is over.
        case lifted(TouchSummary)
        /// The touches broke the gesture's finger rules.
        case failed(FailureReason)
    }

    /// Fingers the gesture takes.
    public let fingers: Int
    /// What a further finger does.
    public let extraTouches: ExtraTouchPolicy
    /// How far a finger may move before all fingers are down.
    public let slop: Millimetres
    /// How long the count must be stable before a multi-finger gesture may activate.
    public let settleTime: Seconds
    /// Key of the last tracked finger, once tracking started.
    public private(set) var limitKey: UInt64?
    /// When all fingers were down.
    public private(set) var trackedSince = Timestamp(microseconds: 0)

    /// Creates a tracker; `settleTime` applies only when `fingers` is more than one.
    public init(fingers: Int, extraTouches: ExtraTouchPolicy, slop: Millimetres, settleTime: Seconds = 0) {
        self.fingers = max(1, fingers)
        self.extraTouches = extraTouches
        self.slop = slop
        self.settleTime = fingers > 1 ? settleTime : 0
    }

    /// Whether the finger count has been stable long enough for the gesture to activate.
    public func isSettled(at time: Timestamp) -> Bool {
        limitKey != nil && time - trackedSince >= settleTime
    }

    /// Whether all fingers have been down.
    public var isTracking: Bool { limitKey != nil }

    /// Interprets one frame.
    public mutating func step(_ input: TouchInput) -> Step {
        let all = input.summary()
        guard let limitKey else {
            if all.count > fingers && extraTouches == .fail { return .failed(.extraTouch) }
            if all.count >= fingers {
                let key = input.key(ofLive: fingers)
                self.limitKey = key
                trackedSince = input.time
                return .started(input.summary(upTo: key))
            }
            if all.count == 0 { return .failed(.tooFewTouches) }
            if all.maxDisplacement > slop { return .failed(.tooFewTouches) }
            return .waiting
        }
        if all.count > fingers && extraTouches == .fail { return .failed(.extraTouch) }
        // Usually no later finger is down and the tracked fingers are all the live ones.
        let tracked = all.lastKey <= limitKey ? all : input.summary(upTo: limitKey)
        return tracked.count < fingers ? .lifted(tracked) : .tracking(tracked)
    }

    /// Forgets the tracked fingers.
    public mutating func reset() {
        limitKey = nil
    }
}
