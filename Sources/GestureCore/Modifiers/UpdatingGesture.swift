/// A gesture that updates a ``GestureState`` while active, like SwiftUI's `updating`. The body
/// runs while the engine settles a frame, for every new active value; the state resets as soon
/// as the effective phase is anything but `active`.
public struct UpdatingGesture<Base: Gesture, State>: Gesture {
    /// The base gesture's value.
    public typealias Value = Base.Value

    /// The wrapped gesture.
    public var base: Base
    /// The state it updates.
    public let state: GestureState<State>
    /// How a new value changes the state.
    public var body: (Value, inout State) -> Void

    /// Wraps `base`.
    public init(base: Base, state: GestureState<State>, body: @escaping (Value, inout State) -> Void) {
        self.base = base
        self.state = state
        self.body = body
    }

    public func makeRecognizer(settings: GestureSettings) -> Recognizer {
        Recognizer(base: base.makeRecognizer(settings: settings), state: state, body: body)
    }

    /// Forwards to the base and settles the state.
    public struct Recognizer: GestureRecognizer {
        @usableFromInline
        var base: Base.Recognizer
        @usableFromInline
        let state: GestureState<State>
        @usableFromInline
        let body: (Value, inout State) -> Void
        @usableFromInline
        var tracker = AnnouncementTracker()

        @inlinable
        public var phase: GesturePhase<Value> { base.phase }
        @inlinable
        public var phaseKind: PhaseKind { base.phaseKind }
        @inlinable
        public var deadline: Timestamp? { base.deadline }
        @inlinable
        public var wireValue: GestureValue? { base.wireValue }

        @inlinable
        public mutating func update(_ input: TouchInput) {
            base.update(input)
            tracker.touched()
        }

        @inlinable
        public mutating func advance(to time: Timestamp) {
            base.advance(to: time)
            tracker.touched()
        }

        @inlinable
        public mutating func fail(_ reason: FailureReason) {
            base.fail(reason)
            tracker.touched()
        }

        @inlinable
        public mutating func reset() {
            base.reset()
            tracker.reset()
            state.reset()
        }

        @inlinable
        public mutating func settle(visible: Bool) {
            base.settle(visible: visible)
            let effective = base.phase.effective(visible: visible)
            let news = tracker.next(effective.kind)
            if case .active(let value) = effective {
                if news.valueChanged { state.update { body(value, &$0) } }
            } else {
                state.reset()
            }
        }

        @inlinable
        public mutating func announce(visible: Bool) { base.announce(visible: visible) }
    }
}
