extension StrokeMatcher {
    /// A prepared shape: its points as a unit vector, and its directions.
    typealias Prepared = (points: UnsafeBufferPointer<Double>, directions: UnsafeBufferPointer<Double>)

    /// How alike `template` and `stroke` are over the allowed rotations (and, when `closed`,
    /// from each of the stroke's points as its start): the points' cosine (Protractor's) at the
    /// best start and rotation, times how the directions agree at that start and rotation —
    /// each of the stroke's steps against the template's best step within ``window`` of it, so
    /// a corner may come a step or two early or late, as it does when one side is drawn longer.
    @inline(__always)
    func similarity(_ template: Prepared, _ stroke: Prepared, closed: Bool) -> Double {
        let n = Self.pointCount
        var best = -Double.infinity
        var bestA = 1.0, bestB = 0.0, bestShift = 0
        for shift in 0..<(closed ? n : 1) {
            var a = 0.0, b = 0.0
            var j = 2 * shift
            for i in stride(from: 0, to: 2 * n, by: 2) {
                let tx = template.points[i], ty = template.points[i + 1]
                let sx = stroke.points[j], sy = stroke.points[j + 1]
                a += tx * sx + ty * sy
                b += tx * sy - ty * sx
                j += 2
                if j == 2 * n { j = 0 }
            }
            let score = bounded(a, b)
            if score > best {
                best = score
                bestA = a
                bestB = b
                bestShift = shift
            }
        }
        // The rotation that gave the points' best: atan2(b, a), kept within the tolerance.
        var cosine = 1.0, sine = 0.0
        let length = (bestA * bestA + bestB * bestB).squareRoot()
        if tangent.isInfinite || (bestA > 0 && abs(bestB) <= bestA * tangent) {
            if length > 0 {
                cosine = bestA / length
                sine = bestB / length
            }
        } else {
            cosine = self.cosine
            sine = bestB < 0 ? -self.sine : self.sine
        }
        var agreement = 0.0
        // An open stroke's last step (from its end back to its start) is no step it drew.
        let steps = closed ? n : n - 1
        for step in 0..<steps {
            var j = step + bestShift
            if j >= n { j -= n }
            let sx = stroke.directions[2 * j], sy = stroke.directions[2 * j + 1]
            var most = -1.0
            for offset in -Self.window...Self.window {
                var i = step + offset
                if closed {
                    i = i < 0 ? i + n : i >= n ? i - n : i
                } else if i < 0 || i >= steps {
                    continue
                }
                let tx = template.directions[2 * i], ty = template.directions[2 * i + 1]
                most = max(most, cosine * (tx * sx + ty * sy) + sine * (tx * sy - ty * sx))
            }
            agreement += most
        }
        return best * max(agreement / Double(steps), 0)
    }

    /// How many steps early or late a template's direction may come and still be compared.
    static let window = 2

    /// The largest `a cos θ + b sin θ` with |θ| within the tolerance: the cosine of the two
    /// vectors turned by θ. Unbounded it is `hypot(a, b)`, at θ = atan2(b, a); past the
    /// tolerance the best is at its edge.
    @inline(__always)
    func bounded(_ a: Double, _ b: Double) -> Double {
        if tangent.isInfinite || (a > 0 && abs(b) <= a * tangent) { return (a * a + b * b).squareRoot() }
        return a * cosine + abs(b) * sine
    }
}
