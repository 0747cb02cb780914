/// Names one card: a gesture's instance. An instance number counts per gesture owner (the
/// configured gestures share one count, a subscription's own definitions another), so the
/// number alone may name two gestures at once.
public struct OverlayCardKey: Hashable, Sendable {
    /// The gesture's name.
    public var gesture: String
    /// Its instance number.
    public var instance: Int64

    /// A key.
    public init(gesture: String, instance: Int64) {
        self.gesture = gesture
        self.instance = instance
    }
}
