/// A recognizer of any type behind one non-generic interface, so the engine can hold bindings
/// of different gestures and mutate each recognizer in place.
///
/// It is built from closures inside the `@inlinable` ``GestureEngine/attach(_:named:to:priority:including:shouldBegin:)``,
/// so the closures are compiled for the concrete recognizer type in the module that knows it:
/// every frame runs specialized code instead of generic code that looks up type metadata.
/// Each call through a closure costs a retain and a release of its context, so the calls that
/// change the recognizer also return its new ``RecognizerStatus`` instead of leaving the
/// engine to ask for the phase and the deadline in two more calls.
@usableFromInline
final class RecognizerBox {
    let status: () -> RecognizerStatus
    let failureReason: () -> FailureReason?
    let wireValue: () -> GestureValue?
    let update: (TouchInput) -> RecognizerStatus
    let advance: (Timestamp) -> RecognizerStatus
    let fail: (FailureReason) -> RecognizerStatus
    let reset: () -> RecognizerStatus
    let settle: (Bool) -> Void
    let announce: (Bool) -> Void
    /// Whether `settle` can change anything (``GestureRecognizer/settles``); the engine skips it otherwise.
    let settles: Bool
    /// Whether `announce` can run anything (``GestureRecognizer/announces``); the engine skips it otherwise.
    let announces: Bool

    @inlinable
    convenience init<R: GestureRecognizer>(_ recognizer: R) {
        let storage = RecognizerStorage(recognizer)
        self.init(
            status: { storage.read { RecognizerStatus(of: &$0) } },
            failureReason: { storage.read { $0.phase.failureReason } },
            wireValue: { storage.read { $0.wireValue } },
            update: { input in
                storage.read { recognizer in
                    recognizer.update(input)
                    return RecognizerStatus(of: &recognizer)
                }
            },
            advance: { time in
                storage.read { recognizer in
                    recognizer.advance(to: time)
                    return RecognizerStatus(of: &recognizer)
                }
            },
            fail: { reason in
                storage.read { recognizer in
                    recognizer.fail(reason)
                    return RecognizerStatus(of: &recognizer)
                }
            },
            reset: {
                storage.read { recognizer in
                    recognizer.reset()
                    return RecognizerStatus(of: &recognizer)
                }
            },
            settle: { storage.recognizer.settle(visible: $0) },
            announce: { storage.recognizer.announce(visible: $0) },
            settles: R.settles, announces: R.announces)
    }

    @usableFromInline
    init(
        status: @escaping () -> RecognizerStatus, failureReason: @escaping () -> FailureReason?,
        wireValue: @escaping () -> GestureValue?, update: @escaping (TouchInput) -> RecognizerStatus,
        advance: @escaping (Timestamp) -> RecognizerStatus, fail: @escaping (FailureReason) -> RecognizerStatus,
        reset: @escaping () -> RecognizerStatus, settle: @escaping (Bool) -> Void, announce: @escaping (Bool) -> Void,
        settles: Bool, announces: Bool
    ) {
        self.status = status
        self.failureReason = failureReason
        self.wireValue = wireValue
        self.update = update
        self.advance = advance
        self.fail = fail
        self.reset = reset
        self.settle = settle
        self.announce = announce
        self.settles = settles
        self.announces = announces
    }
}
