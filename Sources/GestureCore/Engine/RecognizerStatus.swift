/// What the engine keeps of a recognizer after each change: its phase's case and, while it is
/// not finished, when time must next reach it. Every changing call of a ``RecognizerBox``
/// returns it, so a frame reads it in the same call that changed the recognizer.
@usableFromInline
struct RecognizerStatus: Equatable {
    /// The phase's case.
    @usableFromInline var kind: PhaseKind
    /// The recognizer's deadline; nil once it ended or failed.
    @usableFromInline var deadline: Timestamp?

    @inlinable init(kind: PhaseKind, deadline: Timestamp?) {
        self.kind = kind
        self.deadline = deadline
    }

    /// Reads a recognizer's status in place.
    @inlinable init<R: GestureRecognizer>(of recognizer: inout R) {
        kind = recognizer.phaseKind
        deadline = kind == .ended || kind == .failed ? nil : recognizer.deadline
    }
}
