import GestureCore
import GestureTesting
import Testing

@Suite struct SwipeGestureTests {
    static let center = Point(x: 100, y: 60)

    static func fingers(_ count: Int) -> [TouchStep.Finger] {
        (0..<count).map { TouchStep.Finger(Int32($0 + 1), at: Point(x: center.x + Double($0) * 12, y: center.y)) }
    }

    static func swipe(_ count: Int, by delta: Vector, steps: Int = 8) -> [TouchStep] {
        let down = fingers(count)
        // Let the finger count settle, as a hand does before it sweeps.
        return [.downMany(down), .wait(GestureSettings.standard.fingerSettleTime), .moveMany(down.map { .init($0.id, by: delta) }, steps: steps), .upMany(down.map(\.id))]
    }

    @Test(arguments: SwipeDirection.allCases)
    func threeFingerSwipeIsRecognizedInItsDirectionOnly(_ direction: SwipeDirection) throws {
        let h = GestureHarness()
        for candidate in SwipeDirection.allCases {
            h.attach(SwipeGesture(direction: candidate, fingers: 3), named: candidate.rawValue)
        }
        let delta = direction.unitVector * 30
        let events = h.run(Self.swipe(3, by: delta))
        #expect(Set(events.map(\.name)) == [direction.rawValue], "\(events.lines)")
        #expect(events.last?.phase == .ended)
        let value = try #require(events.last?.value?.swipe)
        #expect(abs(value.distance - 30) < 1e-9)
        #expect(value.fingers == 3)
        #expect(h.finish().violations.isEmpty)
    }

    @Test func leftMeansTowardSmallerX() {
        let h = GestureHarness()
        h.attach(SwipeGesture(direction: .left, fingers: 3), named: "swipe-left-3")
        #expect(h.run(Self.swipe(3, by: Vector(dx: -30, dy: 0))).last?.line == "swipe-left-3 ended")
        #expect(h.run(Self.swipe(3, by: Vector(dx: 30, dy: 0))).isEmpty)
    }

    /// libinput's `gestures_pinch_3fg`: one finger moves out, the other two the other way. The
    /// centroid moves (a third of a finger's stroke), but the fingers do not move the same way:
    /// no swipe (libinput reports a pinch), whichever way the centroid went; and it is judged
    /// at once, not at the lift.
    @Test func threeFingersSpreadingAreNoSwipe() {
        let h = GestureHarness()
        for candidate in SwipeDirection.allCases {
            h.attach(SwipeGesture(direction: candidate, fingers: 3), named: candidate.rawValue)
        }
        let down = Self.fingers(3)
        let events = h.run([
            .downMany(down), .wait(GestureSettings.standard.fingerSettleTime),
            .moveMany([.init(1, by: Vector(dx: -30, dy: 0)), .init(2, by: Vector(dx: 30, dy: 0)), .init(3, by: Vector(dx: 30, dy: 0))], steps: 8),
            .upMany([1, 2, 3]),
        ])
        #expect(!events.contains { $0.phase == .ended }, "\(events.lines)")
        // A finger that stays nearly still (2 mm back) beside two that sweep is still a swipe.
        let swipe = h.run([
            .downMany(down), .wait(GestureSettings.standard.fingerSettleTime),
            .moveMany([.init(1, by: Vector(dx: -2, dy: 0)), .init(2, by: Vector(dx: 40, dy: 0)), .init(3, by: Vector(dx: 40, dy: 0))], steps: 8),
            .upMany([1, 2, 3]),
        ])
        #expect(swipe.filter { $0.phase == .ended }.map(\.name) == ["right"], "\(swipe.lines)")
        #expect(h.finish().violations.isEmpty)
    }

    /// libinput's `gestures_swipe_3fg_btntool_pinch_like`: a pad that places two fingers and
    /// counts three reports the third at a real one's position, so how each finger moved is
    /// unknown; fingers moving apart there are still a swipe, as libinput calls them.
    @Test func moreFingersThanTheDevicePlacesAreASwipe() {
        let fingers: [TouchStep.Finger] = [.init(1, at: Point(x: 100, y: 40)), .init(2, at: Point(x: 80, y: 70)), .init(3, at: Point(x: 100, y: 40))]
        let strokes: [TouchStep.FingerMove] = [.init(1, by: Vector(dx: -60, dy: 0)), .init(2, by: Vector(dx: 20, dy: 0)), .init(3, by: Vector(dx: -60, dy: 0))]
        for (placed, swipes) in [(2, ["left"]), (Int.max, [])] {
            let h = GestureHarness(placedFingers: placed)
            h.attach(SwipeGesture(direction: .left, fingers: 3), named: "left")
            let events = h.run([.downMany(fingers), .wait(GestureSettings.standard.fingerSettleTime), .moveMany(strokes, steps: 10), .upMany([1, 2, 3])])
            #expect(events.filter { $0.phase == .ended }.map(\.name) == swipes, "\(placed): \(events.lines)")
        }
    }

    @Test func tooShortFailsAfterBeingActive() {
        let h = GestureHarness()
        h.attach(SwipeGesture(direction: .right, fingers: 3, minimumDistance: 20), named: "swipe")
        let events = h.run(Self.swipe(3, by: Vector(dx: 10, dy: 0)))
        #expect(events.last?.line == "swipe failed(tooShort)")
    }

    @Test func tooSlowFails() {
        let h = GestureHarness()
        h.attach(SwipeGesture(direction: .right, fingers: 3, minimumVelocity: 100), named: "swipe")
        let down = Self.fingers(3)
        let events = h.run([
            .downMany(down), .wait(0.1), .moveMany(down.map { .init($0.id, by: Vector(dx: 30, dy: 0)) }, steps: 5),
            .wait(0.2), .hold, .upMany([1, 2, 3]),
        ])
        #expect(events.last?.line == "swipe failed(tooSlow)")
    }

    @Test func wrongFingerCountIsNotASwipe() {
        let h = GestureHarness()
        h.attach(SwipeGesture(direction: .right, fingers: 3), named: "swipe3")
        #expect(h.run(Self.swipe(2, by: Vector(dx: 30, dy: 0))).isEmpty)
        #expect(h.run(Self.swipe(4, by: Vector(dx: 30, dy: 0))).isEmpty)
    }

    @Test func edgeSwipeMustStartAtItsEdge() {
        let h = GestureHarness()
        var reasons: [FailureReason] = []
        h.attach(EdgeSwipeGesture(edge: .right).onPhase { if case .failed(let r) = $0 { reasons.append(r) } }, named: "panel")
        #expect(h.run([.down(1, at: Point(x: 198, y: 60)), .move(1, by: Vector(dx: -20, dy: 0), steps: 4), .up(1)]).last?.line == "panel ended")
        h.run([.down(1, at: Point(x: 150, y: 60)), .move(1, by: Vector(dx: -20, dy: 0), steps: 4), .up(1)])
        h.run([.down(1, at: Point(x: 198, y: 60)), .move(1, by: Vector(dx: 0, dy: 20), steps: 4), .up(1)])
        #expect(reasons == [.outsideEdge, .wrongDirection])
    }

    @Test(arguments: Edge.allCases)
    func edgeSwipesFromEveryEdge(_ edge: Edge) {
        let h = GestureHarness(width: 200, height: 120)
        h.attach(EdgeSwipeGesture(edge: edge), named: edge.rawValue)
        let start: Point = switch edge {
        case .left: Point(x: 1, y: 60)
        case .right: Point(x: 199, y: 60)
        case .top: Point(x: 100, y: 1)
        case .bottom: Point(x: 100, y: 119)
        }
        let events = h.run([.down(1, at: start), .move(1, by: edge.inward * 15, steps: 5), .up(1)])
        #expect(events.last?.line == "\(edge.rawValue) ended")
        #expect(events.last?.value?.edgeSwipe?.distance == 15)
    }

    @Test func aLateFourthFingerMakesItAFourFingerSwipe() {
        // Three fingers land and start moving; the fourth lands 80 ms later (as in the real
        // Atmel recording). The 3-finger swipe must not win the touches before the count settles.
        let h = GestureHarness()
        h.attach(SwipeGesture(direction: .down, fingers: 3), named: "down-3")
        h.attach(SwipeGesture(direction: .down, fingers: 4), named: "down-4")
        let three = Self.fingers(3)
        h.down(three)
        h.move(three.map { .init($0.id, by: Vector(dx: 0, dy: 8)) }, steps: 7)
        h.down(4, at: Point(x: 136, y: 68))
        let all = three.map(\.id) + [4]
        let events = h.run([.moveMany(all.map { .init($0, by: Vector(dx: 0, dy: 30)) }, steps: 15), .upMany(all)])
        #expect(Set(events.map(\.name)) == ["down-4"])
        #expect(events.last?.line == "down-4 ended")
        #expect(h.finish().violations.isEmpty)
    }

    /// A flick (issue 23): three fingers land together and leave at once, 60–80 ms later, before
    /// their settle time. It is a swipe, ended at the lift and not before.
    static func flick(_ count: Int, by delta: Vector, steps: Int) -> [TouchStep] {
        let down = fingers(count)
        return [.downMany(down), .moveMany(down.map { .init($0.id, by: delta) }, steps: steps), .upMany(down.map(\.id))]
    }

    @Test func aFlickIsASwipeEndedAtTheLift() throws {
        let h = GestureHarness()
        for candidate in SwipeDirection.allCases {
            h.attach(SwipeGesture(direction: candidate, fingers: 3), named: candidate.rawValue)
        }
        // 60 mm in 6 frames of 10 ms: lifted at 70 ms, before the 100 ms settle time.
        let events = h.run(Self.flick(3, by: Vector(dx: -60, dy: 0), steps: 6))
        #expect(events.map(\.line) == ["left ended"], "\(events.lines)")
        let value = try #require(events.last?.value?.swipe)
        #expect(abs(value.distance - 60) < 1e-9)
        #expect(h.finish().violations.isEmpty)
    }

    /// What a flick must not turn into a swipe: too short, off direction, a tap, two fingers.
    @Test func aFlickIsJudgedByItsMotion() {
        let h = GestureHarness()
        h.attach(SwipeGesture(direction: .left, fingers: 3), named: "swipe-left-3")
        h.attach(SwipeGesture(direction: .left, fingers: 2), named: "swipe-left-2", priority: .simultaneous)
        #expect(h.run(Self.flick(3, by: Vector(dx: -10, dy: 0), steps: 5)).isEmpty)  // 10 mm: under 15
        #expect(h.run(Self.flick(3, by: Vector(dx: 0, dy: -40), steps: 5)).isEmpty)  // up, not left
        #expect(h.run(Self.flick(3, by: Vector(dx: 0, dy: 0), steps: 5)).isEmpty)  // a three-finger tap
        // Two fingers flicking are not three.
        #expect(h.run(Self.flick(2, by: Vector(dx: -40, dy: 0), steps: 5)).map(\.line) == ["swipe-left-2 ended"])
        #expect(h.finish().violations.isEmpty)
    }
}
