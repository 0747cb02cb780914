/// A position on a touch surface. In millimetres from the top-left corner (x right, y down)
/// unless documented as normalized, in which case both axes run 0…1 across the surface.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal coordinate.
    public var x: Double
    /// Vertical coordinate; grows downward.
    public var y: Double

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// Creates a point.
    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The displacement from `other` to `self`.
    @inlinable public static func - (lhs: Point, rhs: Point) -> Vector {
        Vector(dx: lhs.x - rhs.x, dy: lhs.y - rhs.y)
    }

    /// The point moved by `vector`.
    @inlinable public static func + (lhs: Point, rhs: Vector) -> Point {
        Point(x: lhs.x + rhs.dx, y: lhs.y + rhs.dy)
    }

    /// Distance between two points.
    @inlinable public func distance(to other: Point) -> Double {
        (self - other).length
    }

    public var description: String { "(\(x), \(y))" }
}
