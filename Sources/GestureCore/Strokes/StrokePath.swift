/// The points of a stroke as it is drawn, in millimetres, in a buffer sized when the recognizer
/// is made: drawing never allocates. A point is kept once it is ``spacing`` from the last one;
/// when the buffer is full every other point is dropped and the spacing doubles (at least to
/// the kept points' mean spacing), so a long, slow stroke keeps its shape in the same memory.
public struct StrokePath: Sendable {
    /// Points the buffer holds.
    public static let capacity = 256
    /// x, y of each kept point, interleaved.
    public private(set) var coordinates: ContiguousArray<Double>
    /// Length of the path through the kept points, millimetres.
    public private(set) var length: Millimetres = 0
    /// The distance a new point must be from the last kept one.
    public private(set) var spacing: Millimetres
    let baseSpacing: Millimetres

    /// Creates an empty path keeping points `spacing` apart.
    public init(spacing: Millimetres = 0.5) {
        coordinates = []
        coordinates.reserveCapacity(2 * Self.capacity)
        self.spacing = spacing
        baseSpacing = spacing
    }

    /// The path through `points` (a drawing known whole: a template, a recorded stroke),
    /// keeping every point that moves (`spacing` 0), thinned in place past the capacity.
    public init(_ points: some Sequence<Point>, spacing: Millimetres = 0) {
        self.init(spacing: spacing)
        for point in points { add(point) }
    }

    /// Points kept.
    @inlinable public var count: Int { coordinates.count / 2 }

    /// The kept point at `index`.
    public subscript(index: Int) -> Point { Point(x: coordinates[2 * index], y: coordinates[2 * index + 1]) }

    /// Adds where the fingers are now; kept when it is far enough from the last point, or when
    /// `force` (the last point of the stroke).
    public mutating func add(_ point: Point, force: Bool = false) {
        if count > 0 {
            let last = self[count - 1]
            let distance = (point - last).length
            guard distance >= spacing || (force && distance > 0) else { return }
            length += distance
        }
        if count == Self.capacity { compact() }
        coordinates.append(point.x)
        coordinates.append(point.y)
    }

    /// Drops every other point (keeping the first and the last), in place.
    mutating func compact() {
        let kept = (count + 1) / 2
        for index in 1..<kept {
            coordinates[2 * index] = coordinates[4 * index]
            coordinates[2 * index + 1] = coordinates[4 * index + 1]
        }
        if count % 2 == 0 {
            // The last point was dropped: put it back in place of the last kept one's follower.
            coordinates[2 * kept] = coordinates[2 * count - 2]
            coordinates[2 * kept + 1] = coordinates[2 * count - 1]
            coordinates.removeLast(2 * (count - kept - 1))
        } else {
            coordinates.removeLast(2 * (count - kept))
        }
        // New points come no closer than the kept ones now lie, so the start is not thinned
        // again and again while the end stays dense.
        spacing = max(spacing * 2, length / Double(count))
    }

    /// Forgets the points, keeping the buffer.
    public mutating func reset() {
        coordinates.removeAll(keepingCapacity: true)
        length = 0
        spacing = baseSpacing
    }
}
