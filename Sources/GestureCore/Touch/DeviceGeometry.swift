/// The physical surface of a touch device: what millimetre positions are relative to.
public struct DeviceGeometry: Hashable, Sendable {
    /// Size of the touch surface in millimetres.
    public var size: Size

    /// Creates a geometry from the surface size in millimetres.
    @inlinable public init(width: Millimetres, height: Millimetres) {
        size = Size(width: width, height: height)
    }

    /// Converts a position in millimetres to 0…1 across the surface.
    @inlinable public func normalized(_ point: Point) -> Point {
        Point(
            x: size.width > 0 ? point.x / size.width : 0,
            y: size.height > 0 ? point.y / size.height : 0)
    }

    /// Converts a 0…1 position to millimetres.
    @inlinable public func millimetres(_ normalized: Point) -> Point {
        Point(x: normalized.x * size.width, y: normalized.y * size.height)
    }
}
