/// A combinator's reusable ``CompositeValue`` storage. `release()` drops the parts of the last
/// value if nobody else holds it (so nested combinators find their own storage unshared), and
/// `value(_:_:_:)` refills it in place, or makes new storage when an event still holds the old.
@usableFromInline
final class CompositeCache {
    @exclusivity(unchecked) @usableFromInline var storage: CompositeValue.Storage?

    @usableFromInline init() {}

    @inlinable func release() {
        if storage != nil, isKnownUniquelyReferenced(&storage!) {
            storage!.clear()
        }
    }

    @inlinable func value(_ kind: CompositeValue.Kind, _ first: consuming GestureValue?, _ second: consuming GestureValue?) -> GestureValue {
        if storage != nil, isKnownUniquelyReferenced(&storage!) {
            storage!.set(kind: kind, first: first, second: second)
        } else {
            storage = CompositeValue.Storage(kind: kind, first: first, second: second)
        }
        return .composite(CompositeValue(storage: storage!))
    }
}
