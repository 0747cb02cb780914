/// The one mutable home of a binding's recognizer, shared by the closures of its ``RecognizerBox``.
@usableFromInline
final class RecognizerStorage<R: GestureRecognizer> {
    /// Only the engine's round touches it, one call at a time.
    @exclusivity(unchecked) @usableFromInline var recognizer: R

    @inlinable init(_ recognizer: R) {
        self.recognizer = recognizer
    }
}
