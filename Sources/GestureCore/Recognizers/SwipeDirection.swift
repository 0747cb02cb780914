import RealModule

/// The eight directions a swipe can take. `left` means the fingers move toward smaller x,
/// `up` toward smaller y (the top of the surface).
public enum SwipeDirection: String, Hashable, Sendable, CaseIterable {
    /// Toward smaller x.
    case left
    /// Toward larger x.
    case right
    /// Toward smaller y.
    case up
    /// Toward larger y.
    case down
    /// Toward smaller x and smaller y.
    case upLeft
    /// Toward larger x and smaller y.
    case upRight
    /// Toward smaller x and larger y.
    case downLeft
    /// Toward larger x and larger y.
    case downRight

    /// The unit vector of the direction, in surface coordinates (y down).
    public var unitVector: Vector {
        let d = 0.5.squareRoot()
        return switch self {
        case .left: Vector(dx: -1, dy: 0)
        case .right: Vector(dx: 1, dy: 0)
        case .up: Vector(dx: 0, dy: -1)
        case .down: Vector(dx: 0, dy: 1)
        case .upLeft: Vector(dx: -d, dy: -d)
        case .upRight: Vector(dx: d, dy: -d)
        case .downLeft: Vector(dx: -d, dy: d)
        case .downRight: Vector(dx: d, dy: d)
        }
    }

    /// Whether `translation` points within `tolerance` radians of this direction.
    public func accepts(_ translation: Vector, tolerance: Radians) -> Bool {
        let length = translation.length
        guard length > 0 else { return false }
        return translation.dot(unitVector) >= length * Double.cos(tolerance)
    }
}
