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
}
