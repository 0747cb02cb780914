extension StrokeMatcher {
    /// A prepared shape: its points as a unit vector, and its directions.
    typealias Prepared = (points: UnsafeBufferPointer<Double>, directions: UnsafeBufferPointer<Double>)

    /// How alike `template` and `stroke` are over the allowed rotations (and, when `closed`,
    /// from any of the stroke's points as its start): the points' cosine (Protractor's) at the
    /// best start and rotation, times how the directions agree at that start and rotation —
    /// each of the stroke's steps against the template's best step within ``window`` of it, so
    /// a corner may come a step or two early or late, as it does when one side is drawn longer.
    @inline(__always)
    func similarity(_ template: Prepared, _ stroke: Prepared, closed: Bool) -> Double {
        let n = Self.pointCount
        var best = -Double.infinity
        var bestA = 1.0, bestB = 0.0, bestShift = 0
        /// The points' cosine with the stroke started at its point `shift`.
        @inline(__always) func tryShift(_ shift: Int) {
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
        if closed {
            // Every fourth start, then the three on each side of the best: the cosine changes
            // smoothly with the start, and 14 tries find what 32 would.
            for shift in stride(from: 0, to: n, by: Self.coarseStep) { tryShift(shift) }
            let coarse = bestShift
            for offset in 1..<Self.coarseStep {
                tryShift((coarse + offset) % n)
                tryShift((coarse - offset + n) % n)
            }
        } else {
            tryShift(0)
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
            // The stroke's step turned back by the rotation, then against the template's steps
            // around it: a dot product each.
            let sx = stroke.directions[2 * j], sy = stroke.directions[2 * j + 1]
            let rx = cosine * sx + sine * sy, ry = cosine * sy - sine * sx
            var most = -1.0
            if step >= Self.window && step + Self.window < steps {
                // Away from the ends (most steps): no wrapping, no clamping.
                for i in (step - Self.window)...(step + Self.window) {
                    let dot = templateDirections(template, i, rx, ry)
                    if dot > most { most = dot }
                }
            } else {
                let low = closed ? step - Self.window : max(step - Self.window, 0)
                let high = closed ? step + Self.window : min(step + Self.window, steps - 1)
                for offset in low...high {
                    let i = offset < 0 ? offset + n : offset >= n ? offset - n : offset
                    let dot = templateDirections(template, i, rx, ry)
                    if dot > most { most = dot }
                }
            }
            agreement += most
        }
        return best * max(agreement / Double(steps), 0)
    }

    /// The template's step `i` against the direction `(x, y)`.
    @inline(__always)
    func templateDirections(_ template: Prepared, _ i: Int, _ x: Double, _ y: Double) -> Double {
        template.directions[2 * i] * x + template.directions[2 * i + 1] * y
    }

    /// The starts of a closed template tried first: every fourth point.
    static let coarseStep = 4

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
