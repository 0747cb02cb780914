import GestureCore

/// Where a binding listens, from its `region:` key.
public enum RegionSpec: Hashable, Sendable {
    /// A rectangle in millimetres.
    case millimetres(Rect)
    /// A rectangle in 0…1 units of the surface.
    case normalized(Rect)
    /// A strip along an edge (`width` mm deep, default ``GestureSettings/edgeWidth``).
    case edge(Edge, width: Millimetres?)

    /// The engine's region.
    public var region: Region {
        switch self {
        case .millimetres(let rect): .rect(rect)
        case .normalized(let rect): .normalized(rect)
        case .edge(let edge, let width): .edge(edge, width: width)
        }
    }
}
