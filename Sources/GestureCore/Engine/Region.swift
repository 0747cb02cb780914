/// The area of a target inside its parent device.
public enum Region: Hashable, Sendable {
    /// The whole surface (a device's root target).
    case all
    /// A rectangle in millimetres.
    case rect(Rect)
    /// A rectangle in 0…1 units of the surface.
    case normalized(Rect)
    /// A strip along an edge, `width` millimetres deep (nil: ``GestureSettings/edgeWidth``).
    case edge(Edge, width: Millimetres?)

    /// Whether `point` (millimetres) lies in the region on a surface of `geometry`.
    public func contains(_ point: Point, geometry: DeviceGeometry, settings: GestureSettings) -> Bool {
        switch self {
        case .all:
            return true
        case .rect(let rect):
            return rect.contains(point)
        case .normalized(let rect):
            return rect.contains(geometry.normalized(point))
        case .edge(let edge, let width):
            return edge.distance(from: point, in: geometry.size) <= (width ?? settings.edgeWidth)
        }
    }
}
