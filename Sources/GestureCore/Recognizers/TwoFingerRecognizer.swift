/// The state machine of ``MagnifyGesture`` and ``RotateGesture``: measure two fingers with a
/// ``TwoFingerTracker``, become active once `hasStarted` says the measure crossed its
/// threshold, end when a finger lifts.
public struct TwoFingerRecognizer<Value: GestureValueConvertible>: GestureRecognizer {
    var tracker: TwoFingerTracker
    let measure: (TwoFingerTracker) -> Value
    let hasStarted: (Value) -> Bool
    /// Current phase.
    public private(set) var phase = GesturePhase<Value>.possible
    /// Never waits for time.
    public var deadline: Timestamp? { nil }

    /// Creates a recognizer from a measure and its activation test.
    public init(
        tracker: TwoFingerTracker, measure: @escaping (TwoFingerTracker) -> Value,
        hasStarted: @escaping (Value) -> Bool
    ) {
        self.tracker = tracker
        self.measure = measure
        self.hasStarted = hasStarted
    }

    public mutating func update(_ input: TouchInput) {
        guard !phase.isTerminal else { return }
        switch tracker.step(input) {
        case .waiting:
            return
        case .started, .tracking:
            let value = measure(tracker)
            if case .active = phase {
                phase = .active(value)
            } else if hasStarted(value) {
                phase = .active(value)
            }
        case .lifted:
            if case .active(let value) = phase { phase = .ended(value) } else { phase = .failed(.notRecognized) }
        case .failed(let reason):
            phase = .failed(reason)
        }
    }

    public mutating func advance(to time: Timestamp) {}
    public mutating func fail(_ reason: FailureReason) { phase.fail(reason) }

    public mutating func reset() {
        phase = .possible
        tracker.reset()
    }
}
