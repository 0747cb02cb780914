import GestureCore
import GestureTesting
import Testing

@Suite struct TapGestureTests {
    let here = Point(x: 100, y: 60)

    @Test func singleTapEndsOnLift() {
        let h = GestureHarness()
        h.attach(TapGesture(), named: "tap")
        #expect(h.down(1, at: here).isEmpty)
        let events = h.up(1)
        #expect(events.lines == ["tap ended"])
        #expect(events.first?.value == .tap(TapGesture.Value(count: 1, fingers: 1, location: here)))
    }

    @Test func slidingTooFarIsNoTap() {
        let h = GestureHarness()
        var observed: [GesturePhase<TapGesture.Value>] = []
        h.attach(TapGesture().onPhase { observed.append($0) }, named: "tap")
        h.down(1, at: here)
        h.move(1, by: Vector(dx: 4, dy: 0))
        #expect(h.up(1).isEmpty)
        #expect(observed == [.possible, .failed(.movedTooFar)])
    }

    @Test func holdingTooLongIsNoTap() {
        let h = GestureHarness()
        var observed: [GesturePhase<TapGesture.Value>] = []
        h.attach(TapGesture().onPhase { observed.append($0) }, named: "tap")
        h.down(1, at: here)
        h.wait(0.6)
        #expect(h.up(1).isEmpty)
        #expect(observed == [.possible, .failed(.heldTooLong)])
    }

    @Test func twoFingerTapNeedsBothFingers() {
        let h = GestureHarness()
        h.attach(TapGesture(fingers: 2), named: "tap2")
        h.down(1, at: here)
        h.down(2, at: Point(x: 120, y: 60))
        h.up(1)
        #expect(h.up(2).lines == ["tap2 ended"])
        #expect(h.run([.down(1, at: here), .up(1)]).isEmpty, "one finger is not a two-finger tap")
        #expect(h.run([.downMany([.init(1, at: here), .init(2, at: here), .init(3, at: here)]), .upMany([1, 2, 3])]).isEmpty)
    }

    @Test func secondTapTooLateOrTooFarFails() {
        let h = GestureHarness()
        var reasons: [FailureReason] = []
        h.attach(TapGesture(count: 2).onPhase { if case .failed(let r) = $0 { reasons.append(r) } }, named: "double")
        h.run([.down(1, at: here), .up(1), .wait(0.4), .down(1, at: here), .up(1)])
        h.run([.wait(1), .down(1, at: here), .up(1), .down(1, at: Point(x: 150, y: 60)), .up(1)])
        #expect(reasons == [.timeout, .timeout, .movedTooFar])
        #expect(h.events.isEmpty)
    }

    @Test func tripleTap() {
        let h = GestureHarness()
        h.attach(TapGesture(count: 3), named: "triple")
        let events = h.run([.down(1, at: here), .up(1), .down(1, at: here), .up(1), .down(1, at: here), .up(1)])
        #expect(events.lines == ["triple ended"])
        #expect(events.first?.value?.tap?.count == 3)
    }

    @Test func spatialTapReportsWhereInMillimetresAndNormalized() {
        let h = GestureHarness(width: 200, height: 100)
        h.attach(SpatialTapGesture(), named: "where")
        let events = h.run([.down(1, at: Point(x: 50, y: 25)), .up(1)])
        #expect(events.first?.value == .spatialTap(SpatialTapGesture.Value(location: Point(x: 50, y: 25), normalizedLocation: Point(x: 0.25, y: 0.25))))
    }
}
