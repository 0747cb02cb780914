/// A value a gesture updates while it is active and that puts itself back to its initial
/// value the moment the gesture stops being active: when it ends, fails or is cancelled,
/// whatever the reason. Like SwiftUI's `@GestureState`, nobody can forget to reset it.
///
/// The engine changes it only while settling a frame (never from a callback), so every event
/// and every callback of a frame sees the settled value. Use it as a property wrapper and pass
/// `$name` to ``Gesture/updating(_:body:)``.
@propertyWrapper
public final class GestureState<Value> {
    /// The value it resets to.
    public let initialValue: Value
    /// The current value.
    public var wrappedValue: Value { value }
    /// Written only by the engine's round, one call at a time (the engine is not thread-safe),
    /// so the runtime's exclusivity check on every read and write is left out.
    @exclusivity(unchecked) @usableFromInline var value: Value

    /// Creates a state starting at (and resetting to) `wrappedValue`.
    public init(wrappedValue: Value) {
        initialValue = wrappedValue
        value = wrappedValue
    }

    /// Creates a state starting at (and resetting to) `initialValue`.
    public convenience init(initialValue: Value) {
        self.init(wrappedValue: initialValue)
    }

    /// The state itself, for `updating($state)`.
    public var projectedValue: GestureState<Value> { self }

    /// Lets an `updating` body change the value.
    @inlinable func update(_ body: (inout Value) -> Void) {
        body(&value)
    }

    /// Back to the initial value.
    @inlinable func reset() {
        value = initialValue
    }
}
