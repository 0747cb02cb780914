/// Identifies one input device for the lifetime of a pipeline. Sources assign them; the
/// engine never reuses one for a different device while the first is known.
public struct DeviceID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The raw number.
    public var rawValue: UInt32

    /// Wraps a raw number.
    @inlinable public init(_ rawValue: UInt32) {
        self.rawValue = rawValue
    }

    @inlinable public static func < (lhs: DeviceID, rhs: DeviceID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "device\(rawValue)" }
}
