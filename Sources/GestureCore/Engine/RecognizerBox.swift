/// Holds one concrete recognizer for the engine.
final class RecognizerBox<R: GestureRecognizer>: AnyRecognizerBox {
    var recognizer: R

    init(_ recognizer: R) {
        self.recognizer = recognizer
    }

    override var phaseKind: PhaseKind { recognizer.phase.kind }
    override var failureReason: FailureReason? { recognizer.phase.failureReason }
    override var deadline: Timestamp? { recognizer.deadline }
    override var wireValue: GestureValue? { recognizer.wireValue }
    override func update(_ input: TouchInput) { recognizer.update(input) }
    override func advance(to time: Timestamp) { recognizer.advance(to: time) }
    override func fail(_ reason: FailureReason) { recognizer.fail(reason) }
    override func reset() { recognizer.reset() }
    override func settle(visible: Bool) { recognizer.settle(visible: visible) }
    override func announce(visible: Bool) { recognizer.announce(visible: visible) }
}
