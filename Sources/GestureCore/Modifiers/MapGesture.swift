/// A gesture whose value is transformed, like SwiftUI's `map`. Events still publish the base
/// gesture's value (`wireValue`): the mapped value is for in-process callbacks.
public struct MapGesture<Base: Gesture, Value>: Gesture {
    /// The wrapped gesture.
    public var base: Base
    /// The transform.
    public var transform: (Base.Value) -> Value

    /// Wraps `base`.
    public init(base: Base, transform: @escaping (Base.Value) -> Value) {
        self.base = base
        self.transform = transform
    }

    public func makeRecognizer(settings: GestureSettings) -> Recognizer {
        Recognizer(base: base.makeRecognizer(settings: settings), transform: transform)
    }

    /// Forwards to the base and maps its phase.
    public struct Recognizer: GestureRecognizer {
        @usableFromInline
        var base: Base.Recognizer
        @usableFromInline
        let transform: (Base.Value) -> Value

        @inlinable @inline(__always)
        public var phase: GesturePhase<Value> { base.phase.map(transform) }
        @inlinable @inline(__always)
        public var phaseKind: PhaseKind { base.phaseKind }
        @inlinable @inline(__always)
        public var deadline: Timestamp? { base.deadline }
        @inlinable @inline(__always)
        public var wireValue: GestureValue? { base.wireValue }
        @inlinable
        public mutating func update(_ input: TouchInput) { base.update(input) }
        @inlinable
        public mutating func advance(to time: Timestamp) { base.advance(to: time) }
        @inlinable
        public mutating func fail(_ reason: FailureReason) { base.fail(reason) }
        @inlinable
        public mutating func reset() { base.reset() }
        /// As its base.
        @inlinable public static var settles: Bool { Base.Recognizer.settles }
        /// As its base.
        @inlinable public static var announces: Bool { Base.Recognizer.announces }
        @inlinable
        public mutating func settle(visible: Bool) { base.settle(visible: visible) }
        @inlinable
        public mutating func announce(visible: Bool) { base.announce(visible: visible) }
    }
}
