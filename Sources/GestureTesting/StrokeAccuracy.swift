import GestureCore

/// How well ``StrokeMatcher`` names strokes: the user records `templatesPerShape` drawings of
/// each built-in shape (``StrokeSampler``, one seed), then draws `trials` more of each (another
/// seed) and strokes of shapes nobody recorded (``StrokeSampler/unknownShapes``). The
/// published recognizers report the first number, the share named right when the best template
/// is taken whatever its score; a gesture also needs the score, so the share named right and
/// over the minimum score, and the share of unknown strokes taken for a shape, are counted too.
public struct StrokeAccuracy: Sendable {
    /// Drawings recorded per shape; 0 takes the built-in templates themselves.
    public var templatesPerShape: Int
    /// Strokes drawn per shape, known and unknown.
    public var trials: Int
    /// Known strokes whose best template has their shape's name.
    public var named = 0
    /// Known strokes named right and scoring at least the minimum.
    public var accepted = 0
    /// Known strokes in all.
    public var known = 0
    /// Unknown strokes that scored at least the minimum: taken for a shape they are not.
    public var falseMatches = 0
    /// Unknown strokes in all.
    public var unknown = 0
    /// Known strokes named wrong, as `drawn → named`, and how often.
    public var confusions: [String: Int] = [:]

    /// Runs the measurement with the matcher's default options and `minimumScore` (`harsh`:
    /// with ``StrokeSampler``'s harsher variations).
    public init(templatesPerShape: Int, trials: Int, minimumScore: Double = GestureSettings.standard.strokeMinimumScore, tolerance: Double = StrokeMatcher.Options.defaultRotationTolerance, harsh: Bool = false, seed: UInt64 = 37) {
        self.templatesPerShape = templatesPerShape
        self.trials = trials
        var recorder = StrokeSampler(seed: seed, harsh: harsh)
        var templates: [StrokeTemplate] = []
        for shape in StrokeTemplate.builtIn {
            if templatesPerShape == 0 {
                templates.append(shape)
            } else {
                for _ in 0..<templatesPerShape {
                    templates.append(StrokeTemplate(name: shape.name, points: recorder.draw(shape).map(\.point)))
                }
            }
        }
        let matcher = StrokeMatcher(templates: templates, options: .init(rotationTolerance: tolerance))
        var scratch = StrokeMatcher.Scratch()
        var drawer = StrokeSampler(seed: seed &+ 1, harsh: harsh)
        func best(_ drawing: [(time: Double, point: Point)]) -> StrokeMatch? {
            var path = StrokePath(drawing.map(\.point), spacing: 0.5)
            path.add(drawing[drawing.count - 1].point, force: true)
            return matcher.match(path, scratch: &scratch)
        }
        for shape in StrokeTemplate.builtIn {
            for _ in 0..<trials {
                known += 1
                let match = best(drawer.draw(shape))
                guard let match, match.name == shape.name else {
                    confusions["\(shape.name) → \(match?.name ?? "nothing")", default: 0] += 1
                    continue
                }
                named += 1
                if match.score >= minimumScore { accepted += 1 }
            }
        }
        for shape in StrokeSampler.unknownShapes {
            for _ in 0..<trials {
                unknown += 1
                if let match = best(drawer.draw(shape)), match.score >= minimumScore { falseMatches += 1 }
            }
        }
    }

    /// `named / known`.
    public var namedRate: Double { Double(named) / Double(max(known, 1)) }
    /// `accepted / known`.
    public var acceptedRate: Double { Double(accepted) / Double(max(known, 1)) }
    /// `falseMatches / unknown`.
    public var falseMatchRate: Double { Double(falseMatches) / Double(max(unknown, 1)) }
}
