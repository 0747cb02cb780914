/// A recognizer of any type behind one class interface, so the engine can hold bindings of
/// different gestures and mutate each recognizer in place.
class AnyRecognizerBox {
    var phaseKind: PhaseKind { fatalError("abstract") }
    var failureReason: FailureReason? { fatalError("abstract") }
    var deadline: Timestamp? { fatalError("abstract") }
    var wireValue: GestureValue? { fatalError("abstract") }
    func update(_ input: TouchInput) { fatalError("abstract") }
    func advance(to time: Timestamp) { fatalError("abstract") }
    func fail(_ reason: FailureReason) { fatalError("abstract") }
    func reset() { fatalError("abstract") }
    func settle(visible: Bool) { fatalError("abstract") }
    func announce(visible: Bool) { fatalError("abstract") }

    var isTerminal: Bool {
        switch phaseKind {
        case .possible, .active: false
        case .ended, .failed: true
        }
    }
}
