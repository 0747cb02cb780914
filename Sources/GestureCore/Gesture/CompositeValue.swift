/// The value of a combined gesture (simultaneous, sequenced, exclusive): which shape it is and
/// the values of its parts.
///
/// Copy-on-write storage: a combinator reuses its storage in place for the next frame's value
/// when no event still holds the last one, so publishing composite values does not allocate in
/// the steady state. Storage is never changed while anyone else can see it.
public struct CompositeValue: Hashable, Sendable, CustomStringConvertible {
    /// Which combinator, and which part of it.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// `simultaneously(with:)`: `first` and/or `second`.
        case simultaneous
        /// `sequenced(before:)` while its first gesture is in progress: `first`.
        case sequenceFirst
        /// `sequenced(before:)` after its first gesture ended: `first`, and `second` once it has one.
        case sequenceSecond
        /// `exclusively(before:)` decided for its first gesture: `first`.
        case exclusiveFirst
        /// `exclusively(before:)` decided for its second gesture (the first failed): `second`.
        case exclusiveSecond
    }

    /// The parts live as plain ``GestureValue``s with a flag each, not as optionals: the
    /// compiler copies, assigns and destroys an optional of this enum through the runtime's
    /// generic value witnesses (a hundred instructions or more each), a plain one inline.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) @usableFromInline var kind: Kind
        @exclusivity(unchecked) @usableFromInline var firstValue: GestureValue = .bool(false)
        @exclusivity(unchecked) @usableFromInline var secondValue: GestureValue = .bool(false)
        @exclusivity(unchecked) @usableFromInline var hasFirst = false
        @exclusivity(unchecked) @usableFromInline var hasSecond = false

        @usableFromInline init(kind: Kind, first: GestureValue?, second: GestureValue?) {
            self.kind = kind
            set(kind: kind, first: first, second: second)
        }

        @inlinable var first: GestureValue? { hasFirst ? firstValue : nil }
        @inlinable var second: GestureValue? { hasSecond ? secondValue : nil }

        /// Refills the storage in place.
        @inlinable func set(kind: Kind, first: consuming GestureValue?, second: consuming GestureValue?) {
            self.kind = kind
            switch consume first {
            case .some(let value):
                firstValue = value
                hasFirst = true
            case .none:
                clearFirst()
            }
            switch consume second {
            case .some(let value):
                secondValue = value
                hasSecond = true
            case .none:
                clearSecond()
            }
        }

        /// Drops the parts (and what they hold).
        @inlinable func clear() {
            clearFirst()
            clearSecond()
        }

        @inlinable func clearFirst() {
            if hasFirst { firstValue = .bool(false); hasFirst = false }
        }

        @inlinable func clearSecond() {
            if hasSecond { secondValue = .bool(false); hasSecond = false }
        }
    }

    @usableFromInline var storage: Storage

    /// Creates a value.
    public init(kind: Kind, first: GestureValue?, second: GestureValue?) {
        storage = Storage(kind: kind, first: first, second: second)
    }

    @usableFromInline init(storage: Storage) {
        self.storage = storage
    }

    /// Which combinator, and which part of it.
    public var kind: Kind { storage.kind }
    /// The first part's value.
    public var first: GestureValue? { storage.first }
    /// The second part's value.
    public var second: GestureValue? { storage.second }

    public static func == (lhs: CompositeValue, rhs: CompositeValue) -> Bool {
        lhs.storage === rhs.storage || (lhs.kind == rhs.kind && lhs.first == rhs.first && lhs.second == rhs.second)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(first)
        hasher.combine(second)
    }

    public var description: String {
        "\(kind)(\(first.map { "\($0)" } ?? "nil"), \(second.map { "\($0)" } ?? "nil"))"
    }
}
