/// The state machine of ``MagnifyGesture`` and ``RotateGesture``: measure two fingers with a
/// ``TwoFingerTracker``, become active once the ``TwoFingerMeasure`` says its value crossed the
/// threshold and the finger count settled, end when a finger lifts — or, for a stroke that
/// crossed the threshold but lifted before the count settled, end at the lift.
public struct TwoFingerRecognizer<Measure: TwoFingerMeasure>: GestureRecognizer {
    /// The measured value.
    public typealias Value = Measure.Value

    @usableFromInline
    var tracker: TwoFingerTracker
    @usableFromInline
    let measure: Measure
    /// How far a tap's fingers may move (``GestureSettings/tapMaximumMovement``): a stroke
    /// judged at the lift must have moved a finger farther, or it was a tap.
    @usableFromInline
    let tapSlop: Millimetres
    @usableFromInline var state = GesturePhase<Value>.possible
    /// Current phase.
    @inlinable @inline(__always) public var phase: GesturePhase<Value> { state }
    /// Never waits for time.
    @inlinable @inline(__always) public var deadline: Timestamp? { nil }
    /// A leaf: no states to settle, no callbacks to run.
    @inlinable public static var settles: Bool { false }
    /// A leaf: no states to settle, no callbacks to run.
    @inlinable public static var announces: Bool { false }

    /// Creates a recognizer from a tracker and a measure; `tapSlop` is how far a tap's
    /// fingers may move.
    public init(tracker: TwoFingerTracker, measure: Measure, tapSlop: Millimetres = GestureSettings.standard.tapMaximumMovement) {
        self.tracker = tracker
        self.measure = measure
        self.tapSlop = tapSlop
    }

    @inlinable
    public mutating func update(_ input: TouchInput) {
        guard !state.isTerminal else { return }
        switch tracker.step(input) {
        case .waiting:
            return
        case .started, .tracking:
            if state.kind == .active || (measure.hasStarted(tracker) && tracker.fingers.isSettled(at: input.time)) {
                state = .active(measure.value(of: tracker))
            } else if measure.hasGoneAstray(tracker) && tracker.fingers.isSettled(at: input.time) {
                state = .failed(.notRecognized)
            }
        case .lifted:
            if case .active(let value) = state {
                state = .ended(value)
            } else if tracker.fingers.isTracking && measure.hasStarted(tracker) && movedPastTap(input) {
                // A quick pinch (libinput's `gestures_pinch`): the fingers closed and lifted
                // before the finger count had settled. The settle time keeps a pinch from
                // starting while fingers are still landing; a lift ends that question, so the
                // stroke is judged by its measure, at the lift, as swipes judge a flick — if a
                // finger moved farther than a tap's may (else it was a tap whose contacts drifted).
                state = .ended(measure.value(of: tracker))
            } else {
                state = .failed(.notRecognized)
            }
        case .failed(let reason):
            state = .failed(reason)
        }
    }

    /// Whether a tracked finger moved farther than a tap's fingers may: the tap's slop, doubled
    /// on a surface whose size is a guess (as the tap doubles it).
    @usableFromInline
    func movedPastTap(_ input: TouchInput) -> Bool {
        let slop = input.geometry.allowance(tapSlop)
        let limit = tracker.fingers.limitKey ?? .max
        for touch in input where touch.key <= limit && touch.displacement.length > slop { return true }
        return false
    }

    @inlinable
    public mutating func advance(to time: Timestamp) {}
    @inlinable
    public mutating func fail(_ reason: FailureReason) { state.fail(reason) }

    @inlinable
    public mutating func reset() {
        state = .possible
        tracker.reset()
    }
}
