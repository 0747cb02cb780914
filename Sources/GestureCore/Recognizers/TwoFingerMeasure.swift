/// What a two-finger recognizer measures and when it starts: the half of ``MagnifyGesture`` and
/// ``RotateGesture`` that differs. A value type (not closures) so copying a recognizer is a
/// plain memory copy.
public protocol TwoFingerMeasure: Sendable {
    /// The gesture's value.
    associatedtype Value: GestureValueConvertible

    /// The value now.
    func value(of tracker: TwoFingerTracker) -> Value
    /// Whether the measured quantity has crossed the activation threshold, weighed against the
    /// fingers' common travel. Asked every frame until it has, so it reads the tracker alone:
    /// the value (with its velocity) is built only once the gesture is active.
    func hasStarted(_ tracker: TwoFingerTracker) -> Bool
    /// Whether the measured quantity crossed the threshold in a way this gesture never takes
    /// (a pinch in whose fingers spread first): it fails then.
    func hasGoneAstray(_ tracker: TwoFingerTracker) -> Bool
}

extension TwoFingerMeasure {
    /// Either way goes, by default.
    @inlinable @inline(__always)
    public func hasGoneAstray(_ tracker: TwoFingerTracker) -> Bool { false }
}
