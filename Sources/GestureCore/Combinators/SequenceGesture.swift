/// One gesture after another, like SwiftUI's `SequenceGesture`: the second only starts
/// watching the touches once the first ended, and the whole fails if either part fails.
/// The sequence is active from the first part's activation (or end) until the second ends.
public struct SequenceGesture<First: Gesture, Second: Gesture>: Gesture {
    /// Which part is in progress.
    public enum Value {
        /// The first part is in progress.
        case first(First.Value)
        /// The first part ended; the second's value once it has one.
        case second(First.Value, Second.Value?)
    }

    /// The first part.
    public var first: First
    /// The second part.
    public var second: Second

    /// Sequences two gestures.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public func makeRecognizer(settings: GestureSettings) -> Recognizer {
        Recognizer(first: first.makeRecognizer(settings: settings), second: second.makeRecognizer(settings: settings))
    }

    /// Feeds the first part until it ends, then the second.
    public struct Recognizer: GestureRecognizer {
        @usableFromInline
        var first: First.Recognizer
        @usableFromInline
        var second: Second.Recognizer
        /// The latest touches, so the second part can start from where the fingers are when
        /// the first part ends on a deadline rather than on a frame.
        @usableFromInline
        var latest: TouchInput?

        @inlinable
        @inline(__always)
        public var phase: GesturePhase<Value> {
            switch first.phase {
            case .possible: return .possible
            case .active(let a): return .active(.first(a))
            case .failed(let reason): return .failed(reason)
            case .ended(let a):
                switch second.phase {
                case .possible: return .active(.second(a, nil))
                case .active(let b): return .active(.second(a, b))
                case .ended(let b): return .ended(.second(a, b))
                case .failed(let reason): return .failed(reason)
                }
            }
        }

        @usableFromInline
        let cache = CompositeCache()

        @inlinable
        @inline(__always)
        public var phaseKind: PhaseKind {
            switch first.phaseKind {
            case .possible: .possible
            case .active: .active
            case .failed: .failed
            case .ended:
                switch second.phaseKind {
                case .possible, .active: .active
                case .ended: .ended
                case .failed: .failed
                }
            }
        }

        @inlinable
        @inline(__always)
        public var wireValue: GestureValue? {
            cache.release()
            guard let a = first.wireValue else { return nil }
            guard first.phaseKind == .ended else { return cache.value(.sequenceFirst, a, nil) }
            return cache.value(.sequenceSecond, a, second.wireValue)
        }

        @inlinable
        @inline(__always)
        public var deadline: Timestamp? {
            if first.phaseKind == .ended { return second.deadline }
            return first.deadline
        }

        @inlinable
        public mutating func update(_ input: TouchInput) {
            latest = input
            if first.phaseKind == .ended {
                second.update(input)
            } else {
                first.update(input)
            }
        }

        @inlinable
        public mutating func advance(to time: Timestamp) {
            if first.phaseKind == .ended {
                second.advance(to: time)
                return
            }
            first.advance(to: time)
            if first.phaseKind == .ended, let latest {
                second.update(latest.at(time))
            }
        }

        @inlinable
        public mutating func fail(_ reason: FailureReason) {
            if first.phaseKind == .ended { second.fail(reason) } else { first.fail(reason) }
        }

        @inlinable
        public mutating func reset() {
            first.reset()
            second.reset()
            latest = nil
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

extension SequenceGesture.Value: Sendable where First.Value: Sendable, Second.Value: Sendable {}
extension SequenceGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
