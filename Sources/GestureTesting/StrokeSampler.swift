import RealModule
import GestureCore

/// Draws a template the ways people draw it, from a seed: scaled (25–80 mm) and stretched
/// (±10 % one way), turned within ±`maximumRotation`, begun elsewhere on a closed shape,
/// drawn at an uneven speed and sampled at 60–240 Hz, with finger jitter, a wobble of the
/// whole hand, and an overshoot at the end (up to a tenth of its length). The strokes of the accuracy benchmark and of the
/// recognizer's tests; the same seed gives the same strokes.
public struct StrokeSampler {
    /// The generator; its seed fixes every stroke.
    public var random: SeededGenerator
    /// The largest turn, radians (10° by default, a third of the matcher's tolerance).
    public var maximumRotation: Double

    /// How far drawings are stretched one way (0.1: ±10 %).
    public var stretch = 0.1
    /// The largest overshoot, a share of the length.
    public var overshoot = 0.1
    /// The largest wobble of the hand, millimetres.
    public var wobble = 1.0

    /// Creates a sampler; `harsh` turns up to 15°, stretches ±15 %, overshoots up to 12 % and
    /// wobbles up to 1.5 mm: more than one person's drawings of a shape vary by.
    public init(seed: UInt64, maximumRotation: Double = .pi / 18, harsh: Bool = false) {
        random = SeededGenerator(seed: seed)
        self.maximumRotation = harsh ? .pi / 12 : maximumRotation
        if harsh {
            stretch = 0.15
            overshoot = 0.12
            wobble = 1.5
        }
    }

    /// A drawing of `template`: timed points in millimetres, about the surface's middle.
    public mutating func draw(_ template: StrokeTemplate) -> [(time: Double, point: Point)] {
        var points = template.points
        if template.isClosed {
            // Begin anywhere on the loop.
            let start = Int.random(in: 0..<max(1, points.count - 1), using: &random)
            points = Array(points[start..<(points.count - 1)] + points[0...start])
        }
        // Overshoot: carry on past the end along the last direction, up to 12 % of the length.
        if points.count >= 2 {
            let direction = points[points.count - 1] - points[points.count - 2]
            let length = direction.length
            if length > 0 {
                let extra = template.length * Double.random(in: 0...overshoot, using: &random)
                let unit = Vector(dx: direction.dx / length, dy: direction.dy / length)
                let last = points[points.count - 1]
                points.append(Point(x: last.x + unit.dx * extra, y: last.y + unit.dy * extra))
            }
        }
        // Size, stretch, turn.
        var low = points[0], high = points[0]
        for p in points {
            low = Point(x: min(low.x, p.x), y: min(low.y, p.y))
            high = Point(x: max(high.x, p.x), y: max(high.y, p.y))
        }
        let centre = Point(x: (low.x + high.x) / 2, y: (low.y + high.y) / 2)
        let size = max(high.x - low.x, high.y - low.y, 1)
        let scale = Double.random(in: 25...80, using: &random) / size
        let stretch = Double.random(in: (1 - stretch)...(1 + stretch), using: &random)
        let angle = Double.random(in: -maximumRotation...maximumRotation, using: &random)
        let (c, s) = (Double.cos(angle), Double.sin(angle))
        let shaped = points.map { p -> Point in
            let x = (p.x - centre.x) * scale * stretch
            let y = (p.y - centre.y) * scale / stretch
            return Point(x: 100 + x * c - y * s, y: 80 + x * s + y * c)
        }
        // Walk the shape at an uneven speed, sampling at a fixed rate.
        let rate = [60.0, 125, 240].randomElement(using: &random)!
        let speed = Double.random(in: 80...400, using: &random)  // mm/s on average
        let wobble = (phase: Double.random(in: 0...(2 * .pi), using: &random), size: Double.random(in: 0...wobble, using: &random))
        var lengths = [0.0]
        for (a, b) in zip(shaped, shaped.dropFirst()) { lengths.append(lengths.last! + (b - a).length) }
        let total = lengths.last!
        var result: [(time: Double, point: Point)] = []
        var time = 0.0
        var along = 0.0
        var segment = 0
        while true {
            let p = position(shaped, lengths, at: along, segment: &segment)
            let jitter = Vector(dx: gaussian() * 0.25, dy: gaussian() * 0.25)
            let drift = Vector(
                dx: wobble.size * Double.sin(wobble.phase + along / max(total, 1) * 2 * .pi),
                dy: wobble.size * Double.cos(wobble.phase + along / max(total, 1) * 3 * .pi))
            result.append((time, Point(x: p.x + jitter.dx + drift.dx, y: p.y + jitter.dy + drift.dy)))
            if along >= total { break }
            // Slower at the ends and in the middle of each corner, as hands are.
            let progress = along / max(total, 1)
            let pace = speed * (0.5 + Double.sin(.pi * progress))
            time += 1 / rate
            along = min(total, along + pace / rate)
        }
        return result
    }

    /// The point `distance` along the polyline.
    func position(_ points: [Point], _ lengths: [Double], at distance: Double, segment: inout Int) -> Point {
        while segment + 1 < lengths.count - 1 && lengths[segment + 1] < distance { segment += 1 }
        let a = points[segment], b = points[min(segment + 1, points.count - 1)]
        let span = lengths[min(segment + 1, lengths.count - 1)] - lengths[segment]
        let t = span > 0 ? (distance - lengths[segment]) / span : 0
        return Point(x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y))
    }

    /// A standard normal number (Box–Muller).
    mutating func gaussian() -> Double {
        let u = Double.random(in: Double.ulpOfOne...1, using: &random)
        let v = Double.random(in: 0...1, using: &random)
        return (-2 * Double.log(u)).squareRoot() * Double.cos(2 * .pi * v)
    }

    /// Shapes no built-in template is: straight lines every 45° (a drag, a scroll), a spiral, an
    /// "M", a pigtail, a figure eight, a scribble; the strokes a matcher must refuse. (Shapes
    /// that are near a built-in one — a "∩" beside the caret, a "W" beside the zigzag — are
    /// not here: taking one for the other is what the minimum score is tuned for.)
    public static let unknownShapes: [StrokeTemplate] = {
        var shapes: [StrokeTemplate] = []
        for step in 0..<8 {
            let angle = Double(step) * .pi / 4
            shapes.append(StrokeTemplate(name: "line-\(step * 45)", points: [Point(x: 0, y: 0), Point(x: 40 * Double.cos(angle), y: 40 * Double.sin(angle))]))
        }
        shapes.append(StrokeTemplate(name: "spiral", points: (0...72).map { i in
            let t = Double(i) / 72 * 4 * .pi
            return Point(x: 20 + t * 1.6 * Double.cos(t), y: 20 + t * 1.6 * Double.sin(t))
        }))
        shapes.append(StrokeTemplate(name: "M", points: [Point(x: 0, y: 40), Point(x: 0, y: 0), Point(x: 20, y: 25), Point(x: 40, y: 0), Point(x: 40, y: 40)]))
        shapes.append(StrokeTemplate(name: "pigtail", points: (0...48).map { i in
            let t = Double(i) / 48
            let angle = .pi / 2 - t * 2.4 * .pi
            return Point(x: t * 40 + 10 * Double.cos(angle), y: 20 - 10 * Double.sin(angle))
        }))
        shapes.append(StrokeTemplate(name: "eight", points: (0...72).map { i in
            let t = Double(i) / 72 * 2 * .pi
            return Point(x: 20 + 12 * Double.sin(2 * t), y: 20 + 20 * Double.sin(t))
        }))
        shapes.append(StrokeTemplate(name: "scribble", points: [
            Point(x: 0, y: 10), Point(x: 30, y: 0), Point(x: 5, y: 30), Point(x: 40, y: 25), Point(x: 15, y: 5), Point(x: 35, y: 40),
        ]))
        return shapes
    }()
}
