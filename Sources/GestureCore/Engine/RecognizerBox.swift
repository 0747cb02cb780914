/// A recognizer of any type behind one non-generic interface, so the engine can hold bindings
/// of different gestures and mutate each recognizer in place.
///
/// It is built from closures inside the `@inlinable` ``GestureEngine/attach(_:named:to:priority:including:shouldBegin:)``,
/// so the closures are compiled for the concrete recognizer type in the module that knows it:
/// every frame runs specialized code instead of generic code that looks up type metadata.
@usableFromInline
final class RecognizerBox {
    let phaseKind: () -> PhaseKind
    let failureReason: () -> FailureReason?
    let deadline: () -> Timestamp?
    let wireValue: () -> GestureValue?
    let update: (TouchInput) -> Void
    let advance: (Timestamp) -> Void
    let fail: (FailureReason) -> Void
    let reset: () -> Void
    let settle: (Bool) -> Void
    let announce: (Bool) -> Void

    @inlinable
    convenience init<R: GestureRecognizer>(_ recognizer: R) {
        let storage = RecognizerStorage(recognizer)
        self.init(
            phaseKind: { storage.read { $0.phaseKind } },
            failureReason: { storage.read { $0.phase.failureReason } },
            deadline: { storage.read { $0.deadline } },
            wireValue: { storage.read { $0.wireValue } },
            update: { storage.recognizer.update($0) },
            advance: { storage.recognizer.advance(to: $0) },
            fail: { storage.recognizer.fail($0) },
            reset: { storage.recognizer.reset() },
            settle: { storage.recognizer.settle(visible: $0) },
            announce: { storage.recognizer.announce(visible: $0) })
    }

    @usableFromInline
    init(
        phaseKind: @escaping () -> PhaseKind, failureReason: @escaping () -> FailureReason?,
        deadline: @escaping () -> Timestamp?, wireValue: @escaping () -> GestureValue?,
        update: @escaping (TouchInput) -> Void, advance: @escaping (Timestamp) -> Void,
        fail: @escaping (FailureReason) -> Void, reset: @escaping () -> Void,
        settle: @escaping (Bool) -> Void, announce: @escaping (Bool) -> Void
    ) {
        self.phaseKind = phaseKind
        self.failureReason = failureReason
        self.deadline = deadline
        self.wireValue = wireValue
        self.update = update
        self.advance = advance
        self.fail = fail
        self.reset = reset
        self.settle = settle
        self.announce = announce
    }
}
