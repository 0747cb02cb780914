import Foundation
import GestureCore
import GestureTesting
import Testing

@Suite struct StrokeGestureTests {
    /// The script of a finger (or `fingers` fingers side by side, 12 mm apart) drawing `points`,
    /// one frame per point, then lifting.
    static func draw(_ points: [Point], fingers: Int = 1) -> [TouchStep] {
        let ids = (1...fingers).map { Int32($0) }
        let down = ids.map { TouchStep.Finger($0, at: Point(x: points[0].x + Double($0 - 1) * 12, y: points[0].y)) }
        var steps: [TouchStep] = [.downMany(down)]
        if fingers > 1 { steps.append(.wait(GestureSettings.standard.fingerSettleTime)) }
        for (from, to) in zip(points, points.dropFirst()) {
            steps.append(.moveMany(ids.map { .init($0, by: to - from) }, steps: 1))
        }
        steps.append(.upMany(ids))
        return steps
    }

    /// What `script` ended with: the events, or the failures no client saw (a stroke is never
    /// active, so its failures are the engine's unseen ones, which `trace` publishes).
    static func outcome(_ h: GestureHarness, _ script: [TouchStep]) -> [String] {
        h.engine.recordsUnseenFailures = true
        h.engine.clearUnseenFailures()
        let events = h.run(script).lines
        return events + h.engine.unseenFailures.map { "\($0.name) failed(\($0.reason.rawValue))" }
    }

    /// A built-in shape drawn by a person (``StrokeSampler``).
    static func drawing(_ name: String, seed: UInt64 = 1) -> [Point] {
        var sampler = StrokeSampler(seed: seed)
        return sampler.draw(StrokeTemplate.builtIn.first { $0.name == name }!).map(\.point)
    }

    @Test(arguments: StrokeTemplate.builtIn.map(\.name))
    func eachBuiltInShapeDrawnIsNamed(_ name: String) throws {
        let h = GestureHarness()
        h.attach(StrokeGesture(), named: "shapes")
        for seed in 1...3 as ClosedRange<UInt64> {
            let events = h.run(Self.draw(Self.drawing(name, seed: seed)))
            #expect(events.map(\.line) == ["shapes ended"], "\(name) seed \(seed): \(events.lines)")
            let value = try #require(events.last?.value?.stroke)
            #expect(value.name == name)
            #expect(value.score >= GestureSettings.standard.strokeMinimumScore && value.score <= 1)
            #expect(value.fingers == 1)
        }
        #expect(h.finish().violations.isEmpty)
    }

    /// It is `possible` while the finger draws, and decides at the lift, in the lift's frame.
    @Test func possibleWhileDrawingDecidedAtTheLift() throws {
        let h = GestureHarness()
        h.attach(StrokeGesture(), named: "shapes")
        let script = Self.draw(Self.drawing("check"))
        #expect(h.run(Array(script.dropLast())).isEmpty)
        let events = h.run([script.last!])
        #expect(events.map(\.line) == ["shapes ended"])
        let value = try #require(events.last?.value?.stroke)
        #expect(value.name == "check")
        #expect(value.time == events.last?.time)
        #expect(value.duration > 0)
    }

    @Test func aStraightLineMatchesNothing() {
        let h = GestureHarness()
        h.attach(StrokeGesture(), named: "shapes")
        let line = (0...40).map { Point(x: 60 + Double($0) * 2, y: 60 + Double($0)) }
        #expect(Self.outcome(h, Self.draw(line)) == ["shapes failed(noMatch)"])
    }

    @Test func aShortStrokeIsTooShort() {
        let h = GestureHarness()
        h.attach(StrokeGesture(), named: "shapes")
        // A check mark 12 mm wide: the right shape, 18 mm of path.
        let small = StrokeTemplate.builtIn.first { $0.name == "check" }!.points.map { Point(x: 60 + $0.x * 0.3, y: 60 + $0.y * 0.3) }
        #expect(Self.outcome(h, Self.draw(small)) == ["shapes failed(tooShort)"])
        // With a lower minimum, it is a check.
        let lenient = GestureHarness()
        lenient.attach(StrokeGesture(minimumLength: 10), named: "shapes")
        #expect(lenient.run(Self.draw(small)).last?.value?.stroke?.name == "check")
    }

    /// Direction is part of the shape: an L drawn backwards (right to left, then up) is no L,
    /// and a circle drawn the other way is the other circle.
    @Test func reversedDirectionIsAnotherShape() {
        let h = GestureHarness()
        h.attach(StrokeGesture(templates: StrokeTemplate.builtIn.filter { $0.name == "L" }), named: "L")
        #expect(h.run(Self.draw(Self.drawing("L"))).last?.line == "L ended")
        #expect(Self.outcome(h, Self.draw(Self.drawing("L").reversed())) == ["L failed(noMatch)"])
        let circles = GestureHarness()
        circles.attach(StrokeGesture(), named: "shapes")
        let clockwise = Self.drawing("circle-clockwise")
        #expect(circles.run(Self.draw(clockwise)).last?.value?.stroke?.name == "circle-clockwise")
        #expect(circles.run(Self.draw(clockwise.reversed())).last?.value?.stroke?.name == "circle-counterclockwise")
    }

    /// Turned a little, a shape is the shape; turned a quarter, a V is no V (it is a `<`),
    /// unless any rotation is allowed.
    @Test func rotatedWithinToleranceMatchesAQuarterTurnDoesNot() {
        let onlyV = StrokeTemplate.builtIn.filter { $0.name == "V" }
        func turned(_ degrees: Double) -> [Point] {
            let angle = degrees * .pi / 180
            return Self.drawing("V").map { p in
                let v = p - Point(x: 100, y: 80)
                return Point(x: 100 + v.dx * Foundation.cos(angle) - v.dy * Foundation.sin(angle), y: 80 + v.dx * Foundation.sin(angle) + v.dy * Foundation.cos(angle))
            }
        }
        let h = GestureHarness()
        h.attach(StrokeGesture(templates: onlyV), named: "v")
        #expect(h.run(Self.draw(turned(15))).last?.line == "v ended")
        #expect(Self.outcome(h, Self.draw(turned(90))) == ["v failed(noMatch)"])
        let any = GestureHarness()
        any.attach(StrokeGesture(templates: onlyV, options: .init(rotationTolerance: nil)), named: "v")
        #expect(any.run(Self.draw(turned(90))).last?.line == "v ended")
        // Among all the built-in shapes, the V turned a quarter clockwise is the `<` it looks like.
        let all = GestureHarness()
        all.attach(StrokeGesture(), named: "shapes")
        #expect(all.run(Self.draw(turned(90))).last?.value?.stroke?.name == "less-than")
    }

    @Test func threeFingersDrawTogether() throws {
        let h = GestureHarness()
        h.attach(StrokeGesture(fingers: 3), named: "shapes-3")
        h.attach(StrokeGesture(fingers: 1), named: "shapes-1")
        let events = h.run(Self.draw(Self.drawing("zigzag"), fingers: 3))
        #expect(events.map(\.line) == ["shapes-3 ended"], "\(events.lines)")
        #expect(try #require(events.last?.value?.stroke).fingers == 3)
    }

    @Test func anExtraFingerFailsIt() {
        let h = GestureHarness()
        h.attach(StrokeGesture(), named: "shapes")
        let script = Self.draw(Self.drawing("circle-clockwise"))
        #expect(Self.outcome(h, Array(script.prefix(10)) + [.down(9, at: Point(x: 10, y: 10))] + [.upMany([1, 9])]) == ["shapes failed(extraTouch)"])
    }

    /// It never becomes active, so a drag of the same finger takes the touch first; as
    /// `simultaneous` both are recognized.
    @Test func competesAsAGestureThatDecidesAtTheLift() {
        let h = GestureHarness()
        h.attach(DragGesture(), named: "pan")
        h.attach(StrokeGesture(), named: "shapes")
        let outcome = Self.outcome(h, Self.draw(Self.drawing("check")))
        #expect(Set(outcome) == ["pan active", "pan ended", "shapes failed(preempted)"])
        #expect(outcome.last == "shapes failed(preempted)")
        let together = GestureHarness()
        together.attach(DragGesture(), named: "pan")
        together.attach(StrokeGesture(), named: "shapes", priority: .simultaneous)
        #expect(together.run(Self.draw(Self.drawing("check"))).contains { $0.line == "shapes ended" })
    }
}
