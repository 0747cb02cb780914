/// The physical surface of a touch device: what millimetre positions are relative to, and how
/// many fingers on it have positions of their own.
public struct DeviceGeometry: Hashable, Sendable {
    /// Size of the touch surface in millimetres.
    public var size: Size
    /// How many fingers the device places. Past them it only counts fingers: a touchpad whose
    /// BTN_TOOL_* keys count more fingers than it has slots reports the others at a real one's
    /// position (libinput's fake fingers), and a semi-multitouch pad places only the centroid
    /// (1). A gesture of more fingers than this cannot judge how each finger moved.
    public var placedFingers: Int
    /// The size is a guess: the device reports no resolution, and its millimetres are assumed
    /// (a touchscreen's longer side 300 mm, a touchpad libinput's 69 × 50 mm), so a distance
    /// on it may be off by half or double. A tap's slop doubles there.
    public var isEstimated: Bool

    /// Creates a geometry from the surface size in millimetres.
    @inlinable public init(width: Millimetres, height: Millimetres, placedFingers: Int = .max, isEstimated: Bool = false) {
        size = Size(width: width, height: height)
        self.placedFingers = placedFingers
        self.isEstimated = isEstimated
    }

    /// A distance a finger may wander (a tap's slop) on this surface: doubled where the size is
    /// a guess, since its millimetres may be half what they read.
    @inlinable public func allowance(_ distance: Millimetres) -> Millimetres {
        isEstimated ? 2 * distance : distance
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
