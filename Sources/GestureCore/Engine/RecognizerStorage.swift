/// The one mutable home of a binding's recognizer, shared by the closures of its ``RecognizerBox``.
@usableFromInline
final class RecognizerStorage<R: GestureRecognizer> {
    /// Only the engine's round touches it, one call at a time.
    @exclusivity(unchecked) @usableFromInline var recognizer: R

    @inlinable init(_ recognizer: R) {
        self.recognizer = recognizer
    }

    /// Reads from the recognizer in place. A plain `recognizer.property` read from class storage
    /// copies the whole recognizer (and retains everything in it) before calling the getter;
    /// borrowing it `inout` does not.
    @inlinable func read<T>(_ body: (inout R) -> T) -> T {
        body(&recognizer)
    }
}
