import Foundation
import GestureCore
import GestureTesting
import Testing

@Suite struct StrokeMatcherTests {
    /// The accuracy benchmark's own measurement, at a smaller size (docs/BENCHMARKS-HISTORY.md,
    /// "Strokes", has the full one): the published figures — $1 97 % with one template and 99 %
    /// with three, $P 99 % with five — and at most 1 % of strokes of unknown shapes taken for a
    /// shape.
    @Test(arguments: [(0, 0.99), (1, 0.97), (3, 0.99), (5, 0.99)])
    func namesDrawnStrokesAsWellAsThePublishedRecognizers(_ templates: Int, _ rate: Double) {
        let accuracy = StrokeAccuracy(templatesPerShape: templates, trials: 40)
        #expect(accuracy.acceptedRate >= rate, "\(accuracy.confusions)")
        #expect(accuracy.namedRate >= rate)
        #expect(accuracy.falseMatchRate <= 0.01)
        #expect(accuracy.known == 40 * StrokeTemplate.builtIn.count)
    }

    static func path(_ points: [Point]) -> StrokePath {
        var path = StrokePath()
        for point in points { path.add(point) }
        return path
    }

    @Test func identicalShapesScoreOneAtAnyScaleAndPlace() throws {
        let matcher = StrokeMatcher(templates: StrokeTemplate.builtIn)
        var scratch = StrokeMatcher.Scratch()
        for template in StrokeTemplate.builtIn {
            let moved = template.points.map { Point(x: 300 + $0.x * 2.5, y: 10 + $0.y * 2.5) }
            let match = try #require(matcher.match(Self.path(moved), scratch: &scratch))
            #expect(match.name == template.name)
            #expect(match.score > 0.98, "\(template.name) \(match.score)")
            #expect(match.runnerUp < match.score)
        }
    }

    /// A circle begun at its bottom is the circle begun at its top (closed shapes start
    /// anywhere), unless the option is off.
    @Test func closedShapesStartAnywhere() throws {
        let circle = StrokeTemplate.builtIn.filter { $0.name == "circle-clockwise" }
        let fromBottom = (0...36).map { i -> Point in
            let angle = Double.pi / 2 + Double(i) / 36 * 2 * .pi
            return Point(x: 20 + 20 * Foundation.cos(angle), y: 20 + 20 * Foundation.sin(angle))
        }
        var scratch = StrokeMatcher.Scratch()
        let anywhere = try #require(StrokeMatcher(templates: circle).match(Self.path(fromBottom), scratch: &scratch))
        #expect(anywhere.score > 0.95)
        let fixed = try #require(
            StrokeMatcher(templates: circle, options: .init(anyStartOnClosed: false)).match(Self.path(fromBottom), scratch: &scratch))
        #expect(fixed.score < 0.5)
    }

    @Test func noTemplatesOrNoPathMatchNothing() {
        var scratch = StrokeMatcher.Scratch()
        #expect(StrokeMatcher(templates: []).match(Self.path([Point(x: 0, y: 0), Point(x: 30, y: 0)]), scratch: &scratch) == nil)
        #expect(StrokeMatcher(templates: StrokeTemplate.builtIn).match(Self.path([Point(x: 5, y: 5)]), scratch: &scratch) == nil)
    }

    @Test func closedIsDecidedByTheGapAgainstTheSize() {
        #expect(StrokeTemplate.builtIn.filter(\.isClosed).map(\.name) == ["circle-clockwise", "circle-counterclockwise", "triangle"])
    }

    /// A long stroke fills the buffer and is thinned in place: it keeps its first and last
    /// points and its shape, and never holds more than the capacity.
    @Test func aLongPathIsThinnedInPlace() throws {
        var path = StrokePath()
        let spiral = (0...4000).map { i -> Point in
            let t = Double(i) / 4000 * 6 * .pi
            return Point(x: 100 + t * 3 * Foundation.cos(t), y: 100 + t * 3 * Foundation.sin(t))
        }
        for point in spiral { path.add(point) }
        path.add(spiral.last!, force: true)
        #expect(path.count <= StrokePath.capacity)
        #expect(path[0] == spiral[0])
        #expect(path[path.count - 1] == spiral.last!)
        let exact = StrokeTemplate(name: "s", points: spiral).length
        #expect(abs(path.length - exact) / exact < 0.02)
        var scratch = StrokeMatcher.Scratch()
        let match = try #require(StrokeMatcher(templates: [StrokeTemplate(name: "spiral", points: spiral)]).match(path, scratch: &scratch))
        #expect(match.score > 0.97)
    }

    /// Issue 47, item 2: a shape the user recorded wins over a built-in shape it resembles.
    /// Three recorded circles named `loop` beside the built-in shapes: circles drawn the ways
    /// people vary them are then `loop`; triangles, checks and the other circle stay what they were.
    @Test func aRecordedShapeWinsOverTheBuiltInShapeItResembles() {
        let circle = StrokeTemplate.builtIn.first { $0.name == "circle-clockwise" }!
        var sampler = StrokeSampler(seed: 47)
        let recorded = (0..<3).map { _ in StrokeTemplate(name: "loop", points: sampler.draw(circle).map(\.point)) }
        let matcher = StrokeMatcher(templates: StrokeTemplate.builtIn + recorded)
        let before = StrokeMatcher(templates: StrokeTemplate.builtIn)
        var kept: [String: Int] = [:]
        for shape in ["circle-clockwise", "triangle", "check", "circle-counterclockwise"] {
            let template = StrokeTemplate.builtIn.first { $0.name == shape }!
            for _ in 0..<40 {
                let drawing = sampler.draw(template).map(\.point)
                let named = matcher.match(drawing)?.name
                let was = before.match(drawing)?.name
                // What the built-in circle took is the recording's now (the preference); another
                // drawing is the recording's only where a recorded drawing is simply nearest.
                if was == "circle-clockwise" { #expect(named == "loop") }
                if named == (shape == "circle-clockwise" ? "loop" : shape) { kept[shape, default: 0] += 1 }
            }
        }
        #expect(kept["circle-clockwise"] == 40 && kept["check"] == 40 && kept["circle-counterclockwise"] == 40)
        #expect(kept["triangle", default: 0] >= 38, "a sloppy triangle may be nearest a recorded circle: \(kept)")
        // Its own drawings, too.
        for drawing in recorded { #expect(matcher.match(drawing.points)?.name == "loop") }
    }
}
