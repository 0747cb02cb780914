/// Aggregate facts about a set of touches in one frame, computed in one pass.
public struct TouchSummary: Sendable {
    /// Live touches counted.
    public var count = 0
    /// Touches in the set that lifted or were cancelled in this frame.
    public var lifted = 0
    /// Mean position of the live touches (zero when there are none).
    public var centroid = Point.zero
    /// Position of the first live touch in begin order.
    public var first = Point.zero
    /// Position of the second live touch in begin order.
    public var second = Point.zero
    /// The largest distance any live touch has moved from where it began.
    public var maxDisplacement: Millimetres = 0
    /// Key of the last live touch counted.
    public var lastKey: UInt64 = 0

    /// Creates an empty summary.
    public init() {}
}
