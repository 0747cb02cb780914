/// Names one gesture instance: one run of a binding's recognizer from its first announcement to
/// its `ended` or `failed`. Unique for the lifetime of an engine, increasing in announce order.
public struct InstanceID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The raw number.
    public var rawValue: UInt64

    /// Wraps a number.
    public init(_ rawValue: UInt64) {
        self.rawValue = rawValue
    }

    public static func < (lhs: InstanceID, rhs: InstanceID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "#\(rawValue)" }
}
