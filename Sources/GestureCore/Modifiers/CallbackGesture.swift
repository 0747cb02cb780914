/// A gesture with a callback attached (`onChanged`, `onEnded`, `onPhase`). Callbacks run after
/// the engine has settled the frame, in event order, and see effective phases: an instance the
/// arena holds back looks `possible` until it is let through.
public struct CallbackGesture<Base: Gesture>: Gesture {
    /// The base gesture's value.
    public typealias Value = Base.Value

    /// The wrapped gesture.
    public var base: Base
    /// The callback.
    public var callback: GestureCallback<Value>

    /// Wraps `base` with `callback`.
    public init(base: Base, callback: GestureCallback<Value>) {
        self.base = base
        self.callback = callback
    }

    public func makeRecognizer(settings: GestureSettings) -> Recognizer {
        Recognizer(base: base.makeRecognizer(settings: settings), callback: callback)
    }

    /// Forwards to the base and runs the callback when announcing.
    public struct Recognizer: GestureRecognizer {
        @usableFromInline
        var base: Base.Recognizer
        @usableFromInline
        let callback: GestureCallback<Value>
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
        }

        @inlinable
        public mutating func settle(visible: Bool) { base.settle(visible: visible) }

        @inlinable
        public mutating func announce(visible: Bool) {
            base.announce(visible: visible)
            let effective = base.phase.effective(visible: visible)
            let news = tracker.next(effective.kind)
            switch callback {
            case .changed(let action):
                if news.valueChanged, case .active(let value) = effective { action(value) }
            case .ended(let action):
                if news.phaseChanged, case .ended(let value) = effective { action(value) }
            case .phase(let action):
                if news.startedInstance { action(.possible) }
                if effective.kind != .possible && (news.phaseChanged || news.valueChanged) { action(effective) }
            }
        }
    }
}
