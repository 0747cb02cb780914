/// An axis-aligned rectangle: origin is the top-left corner.
public struct Rect: Hashable, Sendable {
    /// Top-left corner.
    public var origin: Point
    /// Extent.
    public var size: Size

    /// Creates a rectangle from its corner and extent.
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }

    /// Whether `point` lies inside; the left and top edges are inside, the right and bottom outside.
    @inlinable public func contains(_ point: Point) -> Bool {
        point.x >= origin.x && point.y >= origin.y
            && point.x < origin.x + size.width && point.y < origin.y + size.height
    }
}
