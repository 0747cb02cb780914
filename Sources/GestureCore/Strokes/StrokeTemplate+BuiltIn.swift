import RealModule

extension StrokeTemplate {
    /// The shapes every stroke gesture knows without a recording, drawn on a 40 mm square in
    /// surface coordinates (y grows downward, so "clockwise" is as seen on the screen):
    ///
    /// | name | drawn |
    /// | --- | --- |
    /// | `circle-clockwise`, `circle-counterclockwise` | a circle, from any point |
    /// | `check` | a short stroke down-right, a long one up-right |
    /// | `zigzag` | left to right: down, up, down, up |
    /// | `L` | down, then right |
    /// | `V` | down-right, then up-right |
    /// | `caret` | up-right, then down-right (`^`) |
    /// | `less-than`, `greater-than` | `<` from its top, `>` from its top |
    /// | `Z` | right, down-left, right |
    /// | `triangle` | three sides back to the start, from any corner |
    /// | `S` | the letter, from its top right |
    public static let builtIn: [StrokeTemplate] = [
        StrokeTemplate(name: "circle-clockwise", points: arc(from: -.pi / 2, turning: 2 * .pi)),
        StrokeTemplate(name: "circle-counterclockwise", points: arc(from: -.pi / 2, turning: -2 * .pi)),
        StrokeTemplate(name: "check", points: polyline([(0, 20), (12, 34), (40, 0)])),
        StrokeTemplate(name: "zigzag", points: polyline([(0, 0), (10, 40), (20, 0), (30, 40), (40, 0)])),
        StrokeTemplate(name: "L", points: polyline([(0, 0), (0, 40), (28, 40)])),
        StrokeTemplate(name: "V", points: polyline([(0, 0), (20, 40), (40, 0)])),
        StrokeTemplate(name: "caret", points: polyline([(0, 40), (20, 0), (40, 40)])),
        StrokeTemplate(name: "less-than", points: polyline([(40, 0), (0, 20), (40, 40)])),
        StrokeTemplate(name: "greater-than", points: polyline([(0, 0), (40, 20), (0, 40)])),
        StrokeTemplate(name: "Z", points: polyline([(0, 0), (40, 0), (0, 40), (40, 40)])),
        StrokeTemplate(name: "triangle", points: polyline([(20, 0), (40, 36), (0, 36), (20, 0)])),
        StrokeTemplate(name: "S", points: arc(from: -.pi * 0.1, turning: -1.4 * .pi, centre: (20, 10), radius: 10)
            + arc(from: -.pi / 2, turning: 1.4 * .pi, centre: (20, 30), radius: 10).dropFirst()),
    ]

    /// An arc of a circle, a point every 10°.
    static func arc(from start: Double, turning: Double, centre: (Double, Double) = (20, 20), radius: Double = 20) -> [Point] {
        let steps = Int((abs(turning) / (.pi / 18)).rounded())
        return (0...steps).map { step in
            let angle = start + turning * Double(step) / Double(steps)
            return Point(x: centre.0 + radius * Double.cos(angle), y: centre.1 + radius * Double.sin(angle))
        }
    }

    /// Straight lines through the corners, a point every 2 mm.
    static func polyline(_ corners: [(Double, Double)]) -> [Point] {
        var points = [Point(x: corners[0].0, y: corners[0].1)]
        for (from, to) in zip(corners, corners.dropFirst()) {
            let length = ((to.0 - from.0) * (to.0 - from.0) + (to.1 - from.1) * (to.1 - from.1)).squareRoot()
            let steps = max(1, Int((length / 2).rounded()))
            for step in 1...steps {
                let t = Double(step) / Double(steps)
                points.append(Point(x: from.0 + t * (to.0 - from.0), y: from.1 + t * (to.1 - from.1)))
            }
        }
        return points
    }
}
