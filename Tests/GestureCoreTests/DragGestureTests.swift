import GestureCore
import GestureTesting
import Testing

@Suite struct DragGestureTests {
    @Test func extraFingerFailsTheDragResetsItsStateAndNeverEnds() {
        let h = GestureHarness()
        @GestureState var offset = Vector.zero
        var endedCalls = 0
        var observed: [GesturePhase<DragGesture.Value>] = []
        let drag = DragGesture()
            .updating($offset) { value, state in state = value.translation }
            .onEnded { _ in endedCalls += 1 }
            .onPhase { observed.append($0) }
        h.attach(drag, named: "pan", publishing: $offset)

        h.down(1, at: Point(x: 50, y: 50))
        let moving = h.move(1, by: Vector(dx: 20, dy: 0), steps: 4)
        #expect(moving.lines == Array(repeating: "pan active", count: 4))
        #expect(offset == Vector(dx: 20, dy: 0))
        #expect(moving.last?.state == .vector(Vector(dx: 20, dy: 0)))

        let joined = h.down(2, at: Point(x: 90, y: 50))
        #expect(joined.lines == ["pan failed(extraTouch)"])
        // The reset is part of the very frame that failed the drag.
        #expect(joined.first?.state == .vector(.zero))
        #expect(offset == .zero)
        #expect(endedCalls == 0)
        #expect(observed.first == .possible)
        #expect(observed.last == .failed(.extraTouch))

        // Lifting afterwards announces nothing more for that instance.
        #expect(h.up(1, 2).isEmpty)
        #expect(h.finish().violations.isEmpty)
    }

    @Test func ignoringExtraFingersKeepsFollowingTheFirst() throws {
        let h = GestureHarness()
        h.attach(DragGesture(extraTouches: .ignore), named: "pan")
        h.down(1, at: Point(x: 50, y: 50))
        h.move(1, by: Vector(dx: 10, dy: 0), steps: 2)
        // Still a drag frame for the first finger (time and velocity move on); no failure.
        #expect(h.down(2, at: Point(x: 90, y: 50)).lines == ["pan active"])
        let moved = h.move([.init(1, by: Vector(dx: 10, dy: 0)), .init(2, by: Vector(dx: 40, dy: 0))])
        let value = try #require(moved.last?.value?.drag)
        #expect(value.translation == Vector(dx: 20, dy: 0))
        #expect(h.up(1).lines == ["pan ended"])
    }

    @Test func becomesActiveOnlyPastTheMinimumDistance() {
        let h = GestureHarness()
        h.attach(DragGesture(minimumDistance: 5), named: "pan")
        h.down(1, at: Point(x: 50, y: 50))
        #expect(h.move(1, by: Vector(dx: 4, dy: 0)).isEmpty)
        #expect(h.move(1, by: Vector(dx: 1, dy: 0)).lines == ["pan active"])
    }

    @Test func lifingBeforeTheMinimumDistanceIsNeverAnnounced() {
        let h = GestureHarness()
        var observed: [GesturePhase<DragGesture.Value>] = []
        h.attach(DragGesture().onPhase { observed.append($0) }, named: "pan")
        h.down(1, at: Point(x: 50, y: 50))
        h.move(1, by: Vector(dx: 1, dy: 0))
        #expect(h.up(1).isEmpty)
        #expect(observed == [.possible, .failed(.tooShort)])
        #expect(h.finish().violations.isEmpty)
    }

    @Test func valueCarriesVelocityAndPrediction() throws {
        let h = GestureHarness()
        var last: DragGesture.Value?
        h.attach(DragGesture(minimumDistance: 0).onChanged { last = $0 }, named: "pan")
        h.down(1, at: Point(x: 10, y: 10))
        h.move(1, by: Vector(dx: 50, dy: 0), steps: 10)  // 5 mm per 10 ms: 500 mm/s
        let value = try #require(last)
        #expect(value.startLocation == Point(x: 10, y: 10))
        #expect(abs(value.location.x - 60) < 1e-9)
        #expect(abs(value.velocity.dx - 500) < 1e-6)
        #expect(value.velocity.dy == 0)
        // Projected stop: v · rate / (1 − rate) / 1000 ahead, rate 0.998 /ms → 0.499 s of travel.
        #expect(abs(value.predictedEndLocation.x - (60 + 500 * 0.499)) < 1e-6)
        #expect(value.fingers == 1)
    }

    @Test func twoFingerDragFollowsTheCentroid() throws {
        let h = GestureHarness()
        h.attach(DragGesture(fingers: 2), named: "pan2")
        h.down(1, at: Point(x: 50, y: 50))
        #expect(h.move(1, by: Vector(dx: 1, dy: 0)).isEmpty)  // waiting for the second finger
        h.down(2, at: Point(x: 70, y: 50))
        h.wait(h.engine.settings.fingerSettleTime)
        let events = h.move([.init(1, by: Vector(dx: 0, dy: 10)), .init(2, by: Vector(dx: 0, dy: 10))], steps: 2)
        #expect(events.lines == ["pan2 active", "pan2 active"])
        let value = try #require(events.last?.value?.drag)
        #expect(value.startLocation == Point(x: 60.5, y: 50))
        #expect(value.translation == Vector(dx: 0, dy: 10))
        #expect(h.up(2).lines == ["pan2 ended"])
    }

    /// Issue 62 (libinput's touchpad_no_palm_detect_2fg_scroll on litest's RMI4 pad): two
    /// fingers move 10 mm in 100 ms and lift, before their count has been stable for 0.1 s. The
    /// drag never became active; the lift ends that question, so it ends there with its value,
    /// as a quick pinch does. A stroke short of the distance still fails.
    @Test func aQuickTwoFingerStrokeEndsAtTheLift() throws {
        let h = GestureHarness()
        h.attach(DragGesture(minimumDistance: 3, fingers: 2), named: "scroll")
        h.down([.init(1, at: Point(x: 40, y: 30)), .init(2, at: Point(x: 60, y: 30))])
        #expect(h.move([.init(1, by: Vector(dx: 0, dy: -10)), .init(2, by: Vector(dx: 0, dy: -10))], steps: 8).isEmpty)
        let ended = h.up(1, 2)
        #expect(ended.lines == ["scroll ended"])
        let translation = try #require(ended.first?.value?.drag?.translation)
        #expect(abs(translation.dy + 10) < 1e-9 && translation.dx == 0)

        h.down([.init(1, at: Point(x: 40, y: 30)), .init(2, at: Point(x: 60, y: 30))])
        h.move([.init(1, by: Vector(dx: 0, dy: -2)), .init(2, by: Vector(dx: 0, dy: -2))], steps: 4)
        #expect(h.up(1, 2).isEmpty)
    }
}
