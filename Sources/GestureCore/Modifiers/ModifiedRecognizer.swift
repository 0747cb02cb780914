/// A recognizer with a ``RecognizerModifier`` on top: forwards everything to the base, notes
/// when the base changed, and once per frame — while settling or while announcing, as the
/// modifier asks — hands the modifier the base's effective phase and what is new about it.
public struct ModifiedRecognizer<Base: GestureRecognizer, Modifier: RecognizerModifier>: GestureRecognizer
where Modifier.Value == Base.Value {
    /// The base's value.
    public typealias Value = Base.Value

    @usableFromInline var base: Base
    @usableFromInline var modifier: Modifier
    @usableFromInline var tracker = AnnouncementTracker()

    /// Puts `modifier` on top of `base`.
    @inlinable public init(base: Base, modifier: Modifier) {
        self.base = base
        self.modifier = modifier
    }

    @inlinable @inline(__always) public var phase: GesturePhase<Value> { base.phase }
    @inlinable @inline(__always) public var phaseKind: PhaseKind { base.phaseKind }
    @inlinable @inline(__always) public var deadline: Timestamp? { base.deadline }
    @inlinable @inline(__always) public var wireValue: GestureValue? { base.wireValue }

    @inlinable public mutating func update(_ input: TouchInput) {
        base.update(input)
        tracker.touched()
    }

    @inlinable public mutating func advance(to time: Timestamp) {
        base.advance(to: time)
        tracker.touched()
    }

    @inlinable public mutating func fail(_ reason: FailureReason) {
        base.fail(reason)
        tracker.touched()
    }

    @inlinable public mutating func reset() {
        base.reset()
        tracker.reset()
        modifier.reset()
    }

    /// When its base does, or when the modifier runs while settling.
    @inlinable public static var settles: Bool { Base.settles || Modifier.runsWhileSettling }
    /// When its base does, or when the modifier runs while announcing.
    @inlinable public static var announces: Bool { Base.announces || !Modifier.runsWhileSettling }

    @inlinable public mutating func settle(visible: Bool) {
        base.settle(visible: visible)
        if Modifier.runsWhileSettling { applyModifier(visible: visible) }
    }

    @inlinable public mutating func announce(visible: Bool) {
        base.announce(visible: visible)
        if !Modifier.runsWhileSettling { applyModifier(visible: visible) }
    }

    @inlinable mutating func applyModifier(visible: Bool) {
        let effective = base.phase.effective(visible: visible)
        modifier.apply(effective, tracker.next(effective.kind))
    }
}
