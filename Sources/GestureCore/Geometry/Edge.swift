/// One edge of a touch surface.
public enum Edge: String, Hashable, Sendable, CaseIterable {
    /// x = 0.
    case left
    /// x = width.
    case right
    /// y = 0.
    case top
    /// y = height.
    case bottom

    /// The unit vector pointing from this edge into the surface.
    public var inward: Vector {
        switch self {
        case .left: Vector(dx: 1, dy: 0)
        case .right: Vector(dx: -1, dy: 0)
        case .top: Vector(dx: 0, dy: 1)
        case .bottom: Vector(dx: 0, dy: -1)
        }
    }

    /// Distance from `point` to this edge of a surface of `size`.
    public func distance(from point: Point, in size: Size) -> Millimetres {
        switch self {
        case .left: point.x
        case .right: size.width - point.x
        case .top: point.y
        case .bottom: size.height - point.y
        }
    }
}
