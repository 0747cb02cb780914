/// The range of one absolute axis (`struct input_absinfo`).
public struct AbsInfo: Hashable, Sendable {
    /// Smallest value.
    public var minimum: Int32
    /// Largest value.
    public var maximum: Int32
    /// Noise filter size.
    public var fuzz: Int32
    /// Dead zone.
    public var flat: Int32
    /// Units per millimetre (0: unknown).
    public var resolution: Int32

    /// Creates an axis range.
    public init(minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }

    /// `maximum - minimum`, at least 1; in `Int`, because a full `Int32` range (a device may
    /// report one) does not fit in `Int32`.
    public var span: Int { max(1, Int(maximum) - Int(minimum)) }

    /// How far `value` lies above `minimum`, in `Int` for the same reason.
    public func offset(of value: Int32) -> Int { Int(value) - Int(minimum) }
}
