/// What a two-finger recognizer measures and when it starts: the half of ``MagnifyGesture`` and
/// ``RotateGesture`` that differs. A value type (not closures) so copying a recognizer is a
/// plain memory copy.
public protocol TwoFingerMeasure: Sendable {
    /// The gesture's value.
    associatedtype Value: GestureValueConvertible

    /// The value now.
    func value(of tracker: TwoFingerTracker) -> Value
    /// Whether the value has crossed the activation threshold (given the tracker, to weigh the
    /// measured motion against the fingers' common travel).
    func hasStarted(_ value: Value, tracker: TwoFingerTracker) -> Bool
}
