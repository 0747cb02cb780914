/// Two gestures recognized at the same time on the same touches, like SwiftUI's
/// `SimultaneousGesture`. Active while either part is active or ended and the other is not
/// finished; ended when both finished and at least one ended; failed when both failed.
public struct SimultaneousGesture<First: Gesture, Second: Gesture>: Gesture {
    /// The values of the parts that are active or ended.
    public struct Value {
        /// The first part's value, if it has one.
        public var first: First.Value?
        /// The second part's value, if it has one.
        public var second: Second.Value?

        /// Creates a value.
        @inlinable public init(first: First.Value?, second: Second.Value?) {
            self.first = first
            self.second = second
        }
    }

    /// The first part.
    public var first: First
    /// The second part.
    public var second: Second

    /// Combines two gestures.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public func makeRecognizer(settings: GestureSettings) -> Recognizer {
        Recognizer(first: first.makeRecognizer(settings: settings), second: second.makeRecognizer(settings: settings))
    }

    /// Runs both parts on every frame.
    public struct Recognizer: GestureRecognizer {
        @usableFromInline
        var first: First.Recognizer
        @usableFromInline
        var second: Second.Recognizer

        @inlinable
        @inline(__always)
        public var phase: GesturePhase<Value> {
            let one = first.phase
            let two = second.phase
            let value = Value(first: one.value, second: two.value)
            let hasValue = value.first != nil || value.second != nil
            if one.isTerminal && two.isTerminal {
                return hasValue ? .ended(value) : .failed(one.failureReason ?? .notRecognized)
            }
            return hasValue ? .active(value) : .possible
        }

        @usableFromInline
        let cache = CompositeCache()

        @inlinable
        @inline(__always)
        public var phaseKind: PhaseKind {
            let one = first.phaseKind
            let two = second.phaseKind
            let hasValue = one == .active || one == .ended || two == .active || two == .ended
            if (one == .ended || one == .failed) && (two == .ended || two == .failed) {
                return hasValue ? .ended : .failed
            }
            return hasValue ? .active : .possible
        }

        @inlinable
        @inline(__always)
        public var wireValue: GestureValue? {
            cache.release()
            let one = first.wireValue
            let two = second.wireValue
            if case .none = one, case .none = two { return nil }
            return cache.value(.simultaneous, one, two)
        }

        @inlinable
        @inline(__always)
        public var deadline: Timestamp? { earliest(first.deadline, second.deadline) }

        @inlinable
        public mutating func update(_ input: TouchInput) {
            if !first.phaseKind.isTerminal { first.update(input) }
            if !second.phaseKind.isTerminal { second.update(input) }
        }

        @inlinable
        public mutating func advance(to time: Timestamp) {
            if let due = first.deadline, due <= time { first.advance(to: time) }
            if let due = second.deadline, due <= time { second.advance(to: time) }
        }

        @inlinable
        public mutating func fail(_ reason: FailureReason) {
            first.fail(reason)
            second.fail(reason)
        }

        @inlinable
        public mutating func reset() {
            first.reset()
            second.reset()
        }

        /// Settles when either part does.
        @inlinable public static var settles: Bool { First.Recognizer.settles || Second.Recognizer.settles }
        /// Announces when either part does.
        @inlinable public static var announces: Bool { First.Recognizer.announces || Second.Recognizer.announces }

        @inlinable
        public mutating func settle(visible: Bool) {
            first.settle(visible: visible)
            second.settle(visible: visible)
        }

        @inlinable
        public mutating func announce(visible: Bool) {
            first.announce(visible: visible)
            second.announce(visible: visible)
        }
    }
}

extension SimultaneousGesture.Value: Sendable where First.Value: Sendable, Second.Value: Sendable {}
extension SimultaneousGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
