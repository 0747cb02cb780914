/// Two gestures of which only one may succeed, the first preferred, like SwiftUI's
/// `ExclusiveGesture`. Both watch the touches; the second may only be seen to succeed once
/// the first has failed (a single tap waits for a double tap to fail), and the second fails
/// with ``FailureReason/preempted`` as soon as the first succeeds.
public struct ExclusiveGesture<First: Gesture, Second: Gesture>: Gesture {
    /// Which part was chosen.
    public enum Value {
        /// The first part.
        case first(First.Value)
        /// The second part (the first failed).
        case second(Second.Value)
    }

    /// The preferred part.
    public var first: First
    /// The fallback part.
    public var second: Second

    /// Combines two gestures exclusively.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public func makeRecognizer(settings: GestureSettings) -> Recognizer {
        Recognizer(first: first.makeRecognizer(settings: settings), second: second.makeRecognizer(settings: settings))
    }

    /// Runs both parts; the second's result is held until the first fails.
    public struct Recognizer: GestureRecognizer {
        @usableFromInline
        var first: First.Recognizer
        @usableFromInline
        var second: Second.Recognizer

        @usableFromInline
        var firstFailed: Bool { first.phaseKind == .failed }

        @inlinable
        @inline(__always)
        public var phase: GesturePhase<Value> {
            switch first.phase {
            case .possible: return .possible
            case .active(let a): return .active(.first(a))
            case .ended(let a): return .ended(.first(a))
            case .failed:
                return second.phase.map { .second($0) }
            }
        }

        @usableFromInline
        let cache = CompositeCache()

        @inlinable
        @inline(__always)
        public var phaseKind: PhaseKind {
            let one = first.phaseKind
            return one == .failed ? second.phaseKind : one
        }

        @inlinable
        @inline(__always)
        public var wireValue: GestureValue? {
            cache.release()
            if let a = first.wireValue { return cache.value(.exclusiveFirst, a, nil) }
            guard firstFailed, let b = second.wireValue else { return nil }
            return cache.value(.exclusiveSecond, nil, b)
        }

        @inlinable
        @inline(__always)
        public var deadline: Timestamp? {
            earliest(first.phaseKind.isTerminal ? nil : first.deadline, second.phaseKind.isTerminal ? nil : second.deadline)
        }

        @inlinable
        public mutating func update(_ input: TouchInput) {
            if !first.phaseKind.isTerminal { first.update(input) }
            if !second.phaseKind.isTerminal { second.update(input) }
            preemptSecondIfFirstWon()
        }

        @inlinable
        public mutating func advance(to time: Timestamp) {
            if let due = first.deadline, due <= time, !first.phaseKind.isTerminal { first.advance(to: time) }
            if let due = second.deadline, due <= time, !second.phaseKind.isTerminal { second.advance(to: time) }
            preemptSecondIfFirstWon()
        }

        @inlinable
        mutating func preemptSecondIfFirstWon() {
            switch first.phaseKind {
            case .active, .ended: second.fail(.preempted)
            case .possible, .failed: break
            }
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
            second.settle(visible: visible && firstFailed)
        }

        @inlinable
        public mutating func announce(visible: Bool) {
            first.announce(visible: visible)
            second.announce(visible: visible && firstFailed)
        }
    }
}

extension ExclusiveGesture.Value: Sendable where First.Value: Sendable, Second.Value: Sendable {}
extension ExclusiveGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
