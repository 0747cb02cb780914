/// Where one gesture instance is in its life.
///
/// An instance starts `possible`, may become `active` (continuous gestures, with a value that
/// changes frame by frame) and finishes exactly once, `ended` or `failed`. Failure is a
/// first-class outcome: it carries why, and every observer that saw the instance is told.
public enum GesturePhase<Value> {
    /// Touches are being watched; nothing has been recognized yet.
    case possible
    /// The gesture is recognized and in progress, with its current value.
    case active(Value)
    /// The gesture finished successfully with its final value. Terminal.
    case ended(Value)
    /// The gesture did not (or can no longer) succeed. Terminal.
    case failed(FailureReason)

    /// Whether the instance has finished (`ended` or `failed`).
    @inlinable public var isTerminal: Bool {
        switch self {
        case .possible, .active: false
        case .ended, .failed: true
        }
    }

    /// The value carried by `active` and `ended`.
    @inlinable public var value: Value? {
        switch self {
        case .active(let value), .ended(let value): value
        case .possible, .failed: nil
        }
    }

    /// The case without its payload.
    @inlinable public var kind: PhaseKind {
        switch self {
        case .possible: .possible
        case .active: .active
        case .ended: .ended
        case .failed: .failed
        }
    }

    /// The failure reason, for `failed`.
    @inlinable public var failureReason: FailureReason? {
        if case .failed(let reason) = self { return reason }
        return nil
    }

    /// The same phase with its value transformed.
    @inlinable public func map<T>(_ transform: (Value) -> T) -> GesturePhase<T> {
        switch self {
        case .possible: .possible
        case .active(let value): .active(transform(value))
        case .ended(let value): .ended(transform(value))
        case .failed(let reason): .failed(reason)
        }
    }

    /// The phase as someone who may not yet see the instance observes it: an instance the
    /// arena holds back looks `possible` until it is let through; failures are always seen.
    @inlinable public func effective(visible: Bool) -> GesturePhase<Value> {
        if visible { return self }
        if case .failed = self { return self }
        return .possible
    }
}

extension GesturePhase: Sendable where Value: Sendable {}
extension GesturePhase: Equatable where Value: Equatable {}
extension GesturePhase: Hashable where Value: Hashable {}

extension GesturePhase {
    /// Moves to `failed(reason)` unless already terminal: terminal phases never change.
    @inlinable public mutating func fail(_ reason: FailureReason) {
        if !isTerminal { self = .failed(reason) }
    }
}
