import RealModule

/// A stroke as the matcher compares it: resampled to ``StrokeMatcher/pointCount`` points
/// equally far apart along the path (Wobbrock's RESAMPLE, leaving the path as it is), centred,
/// scaled to a unit vector (and, when any rotation is allowed, turned so its first point lies
/// on the x axis); and the direction of each step to the next point (the last to the first, which a
/// closed shape started elsewhere needs) as unit vectors. Its buffers are kept from one
/// stroke to the next: preparing allocates nothing.
public struct StrokeShape: Sendable {
    /// x, y of each point, interleaved; a unit vector.
    public private(set) var points: ContiguousArray<Double>
    /// x, y of each step's direction, interleaved; each of length 1 (0 for no movement).
    public private(set) var directions: ContiguousArray<Double>

    /// Creates empty buffers for ``StrokeMatcher/pointCount`` points.
    public init() {
        points = []
        points.reserveCapacity(2 * StrokeMatcher.pointCount)
        directions = []
        directions.reserveCapacity(2 * StrokeMatcher.pointCount)
    }

    /// Prepares the first `count` points of `path`.
    public mutating func prepare(_ path: StrokePath, upTo count: Int, rotationInvariant: Bool) {
        let n = StrokeMatcher.pointCount
        Self.resample(path, upTo: count, into: &points)
        var cx = 0.0
        var cy = 0.0
        for i in stride(from: 0, to: 2 * n, by: 2) {
            cx += points[i]
            cy += points[i + 1]
        }
        cx /= Double(n)
        cy /= Double(n)
        for i in stride(from: 0, to: 2 * n, by: 2) {
            points[i] -= cx
            points[i + 1] -= cy
        }
        if rotationInvariant {
            let angle = Double.atan2(y: points[1], x: points[0])
            let c = Double.cos(-angle)
            let s = Double.sin(-angle)
            for i in stride(from: 0, to: 2 * n, by: 2) {
                let x = points[i], y = points[i + 1]
                points[i] = x * c - y * s
                points[i + 1] = x * s + y * c
            }
        }
        var sum = 0.0
        for value in points { sum += value * value }
        let magnitude = sum.squareRoot()
        if magnitude > 0 {
            for i in 0..<(2 * n) { points[i] /= magnitude }
        }
        directions.removeAll(keepingCapacity: true)
        for i in stride(from: 0, to: 2 * n, by: 2) {
            let next = i + 2 == 2 * n ? 0 : i + 2
            let dx = points[next] - points[i], dy = points[next + 1] - points[i + 1]
            let length = (dx * dx + dy * dy).squareRoot()
            directions.append(length > 0 ? dx / length : 0)
            directions.append(length > 0 ? dy / length : 0)
        }
    }

    /// Where a stroke that came back to its start ends its loop: the point in its last 30 %
    /// nearest its first point, when that is within a fifth of the stroke's size; nil for a
    /// stroke that did not come back. A circle drawn past its start is matched as the circle,
    /// without the overshoot.
    public static func loopEnd(_ path: StrokePath) -> Int? {
        guard path.count > 2 else { return nil }
        let first = path[0]
        var low = first
        var high = first
        for index in 0..<path.count {
            let p = path[index]
            low = Point(x: min(low.x, p.x), y: min(low.y, p.y))
            high = Point(x: max(high.x, p.x), y: max(high.y, p.y))
        }
        let size = (high - low).length
        var along = 0.0
        var nearest = Double.infinity
        var end = 0
        for index in 1..<path.count {
            along += (path[index] - path[index - 1]).length
            guard along >= 0.7 * path.length else { continue }
            let distance = (path[index] - first).length
            if distance < nearest {
                nearest = distance
                end = index
            }
        }
        return end > 0 && nearest <= 0.2 * size ? end + 1 : nil
    }

    /// ``StrokeMatcher/pointCount`` points equally far apart along the first `count` points of
    /// the path, into `out` (x, y interleaved).
    public static func resample(_ path: StrokePath, upTo count: Int, into out: inout ContiguousArray<Double>) {
        let n = StrokeMatcher.pointCount
        out.removeAll(keepingCapacity: true)
        let c = path.coordinates
        guard count > 0 else {
            for _ in 0..<(2 * n) { out.append(0) }
            return
        }
        var total = 0.0
        for i in 1..<count {
            let dx = c[2 * i] - c[2 * i - 2], dy = c[2 * i + 1] - c[2 * i - 1]
            total += (dx * dx + dy * dy).squareRoot()
        }
        var px = c[0]
        var py = c[1]
        out.append(px)
        out.append(py)
        if total > 0 {
            let step = total / Double(n - 1)
            var carried = 0.0
            var i = 1
            while i < count && out.count < 2 * n {
                let qx = c[2 * i], qy = c[2 * i + 1]
                let d = ((qx - px) * (qx - px) + (qy - py) * (qy - py)).squareRoot()
                if d > 0 && carried + d >= step {
                    let t = (step - carried) / d
                    px += t * (qx - px)
                    py += t * (qy - py)
                    out.append(px)
                    out.append(py)
                    carried = 0
                } else {
                    carried += d
                    px = qx
                    py = qy
                    i += 1
                }
            }
        }
        // Rounding may leave the last point or two short; they are the path's end.
        let lastX = c[2 * count - 2], lastY = c[2 * count - 1]
        while out.count < 2 * n {
            out.append(lastX)
            out.append(lastY)
        }
    }
}
