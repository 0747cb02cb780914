/// A named shape to match strokes against: the points of one drawing of it, in millimetres
/// (any scale, any place), in the order they were drawn. A user's recorded strokes and the
/// built-in ones (``StrokeTemplate/builtIn``) are all templates; several may share a name
/// (a shape drawn three times is three templates).
public struct StrokeTemplate: Hashable, Sendable {
    /// The shape's name, published as the stroke's value.
    public var name: String
    /// The drawing, in drawing order.
    public var points: [Point]

    /// Creates a template.
    public init(name: String, points: [Point]) {
        self.name = name
        self.points = points
    }

    /// Whether the drawing ends where it began (within a fifth of its size): a circle, a
    /// triangle. A closed stroke may be drawn from any starting point.
    public var isClosed: Bool {
        guard let first = points.first, let last = points.last else { return false }
        var low = first
        var high = first
        for point in points {
            low = Point(x: min(low.x, point.x), y: min(low.y, point.y))
            high = Point(x: max(high.x, point.x), y: max(high.y, point.y))
        }
        return (last - first).length <= 0.2 * (high - low).length
    }

    /// Length of the drawing, millimetres.
    public var length: Millimetres {
        zip(points, points.dropFirst()).reduce(0) { $0 + ($1.1 - $1.0).length }
    }
}

extension Array where Element == StrokeTemplate {
    /// The templates' names, each once, in order (several drawings may share one).
    public var names: [String] {
        var names: [String] = []
        for template in self where !names.contains(template.name) { names.append(template.name) }
        return names
    }
}
