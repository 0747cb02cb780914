/// A displacement or a velocity on the touch surface (millimetres, or millimetres per second).
public struct Vector: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal component; positive to the right.
    public var dx: Double
    /// Vertical component; positive downward.
    public var dy: Double

    /// No displacement.
    public static let zero = Vector(dx: 0, dy: 0)

    /// Creates a vector.
    @inlinable public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    /// Euclidean length.
    @inlinable public var length: Double { (dx * dx + dy * dy).squareRoot() }

    /// Component-wise sum.
    @inlinable public static func + (lhs: Vector, rhs: Vector) -> Vector {
        Vector(dx: lhs.dx + rhs.dx, dy: lhs.dy + rhs.dy)
    }

    /// Component-wise difference.
    @inlinable public static func - (lhs: Vector, rhs: Vector) -> Vector {
        Vector(dx: lhs.dx - rhs.dx, dy: lhs.dy - rhs.dy)
    }

    /// Scaled by a factor.
    @inlinable public static func * (lhs: Vector, rhs: Double) -> Vector {
        Vector(dx: lhs.dx * rhs, dy: lhs.dy * rhs)
    }

    /// Dot product.
    @inlinable public func dot(_ other: Vector) -> Double { dx * other.dx + dy * other.dy }

    public var description: String { "(\(dx), \(dy))" }
}
