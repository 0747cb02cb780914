/// The recognizer of an ``AnyGesture``: forwards to the erased recognizer; its phase carries the
/// erased recognizer's published value.
public struct AnyGestureRecognizer: GestureRecognizer {
    /// The erased value.
    public typealias Value = GestureValue

    @usableFromInline var base: any GestureRecognizer

    /// Erases `recognizer`.
    public init(_ recognizer: some GestureRecognizer) {
        base = recognizer
    }

    @inlinable public var phase: GesturePhase<GestureValue> {
        switch base.phaseKind {
        case .possible: .possible
        case .active: base.wireValue.map { .active($0) } ?? .possible
        case .ended: base.wireValue.map { .ended($0) } ?? .failed(.notRecognized)
        case .failed: .failed(base.currentFailureReason ?? .notRecognized)
        }
    }

    @inlinable public var phaseKind: PhaseKind { base.phaseKind }
    @inlinable public var deadline: Timestamp? { base.deadline }
    @inlinable public var wireValue: GestureValue? { base.wireValue }
    @inlinable public mutating func update(_ input: TouchInput) { base.update(input) }
    @inlinable public mutating func advance(to time: Timestamp) { base.advance(to: time) }
    @inlinable public mutating func fail(_ reason: FailureReason) { base.fail(reason) }
    @inlinable public mutating func reset() { base.reset() }
    @inlinable public mutating func settle(visible: Bool) { base.settle(visible: visible) }
    @inlinable public mutating func announce(visible: Bool) { base.announce(visible: visible) }
}

extension GestureRecognizer {
    /// The failure reason of the current phase, reachable through an existential.
    @inlinable public var currentFailureReason: FailureReason? { phase.failureReason }
}
