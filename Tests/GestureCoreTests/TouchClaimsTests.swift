import GestureCore
import GestureTesting
import Testing

/// Issue 34: what a device's consuming bindings claim of each contact, after each round —
/// forward (nothing consuming can take it), hold (a consuming binding with its fingers down
/// is undecided), consume (a consuming binding was accepted).
@Suite struct TouchClaimsTests {
    /// The verdicts on these contacts, asked one by one; what the engine hands down once a
    /// frame (``GestureEngine/verdicts(on:)``, the forwarder's) must say the same.
    static func verdicts(_ h: GestureHarness, _ ids: Int32...) -> [TouchVerdict?] {
        let asked = ids.map { h.engine.verdict(forContact: $0, on: h.device) }
        let handed = h.engine.verdicts(on: h.device)
        #expect(ids.map { handed.verdict(forContact: $0) } == asked, "handed down as asked")
        #expect(handed.isDeciding == h.engine.isDeciding(on: h.device) && handed.consumptions == h.engine.consumptions(on: h.device))
        return asked
    }

    @Test func aThreeFingerSwipeHoldsTheHandOnlyOnceThreeFingersAreDown() {
        let h = GestureHarness()
        let swipe = h.attach(SwipeGesture(direction: .left, fingers: 3), named: "left")
        h.engine.setConsumes(swipe, fingers: 3)
        #expect(h.engine.consumes(on: h.device))
        h.down(1, at: Point(x: 100, y: 60))
        #expect(Self.verdicts(h, 1) == [.forward], "a lone finger moves the pointer as always")
        h.down(2, at: Point(x: 112, y: 60))
        #expect(Self.verdicts(h, 1, 2) == [.forward, .forward])
        h.down(3, at: Point(x: 124, y: 60))
        #expect(Self.verdicts(h, 1, 2, 3) == [.hold, .hold, .hold])
        #expect(h.engine.isDeciding(on: h.device))
        h.wait(GestureSettings.standard.fingerSettleTime)
        let events = h.move([.init(1, by: Vector(dx: -30, dy: 0)), .init(2, by: Vector(dx: -30, dy: 0)), .init(3, by: Vector(dx: -30, dy: 0))], steps: 6)
        #expect(events.first?.line == "left active")
        #expect(Self.verdicts(h, 1, 2, 3) == [.consume, .consume, .consume])
        #expect(h.engine.consumptions(on: h.device) == 3)
        h.up(1, 2, 3)
        #expect(Self.verdicts(h, 1, 2, 3) == [.consume, .consume, .consume], "judged in the round they lift")
        h.down(4, at: Point(x: 100, y: 60))
        #expect(Self.verdicts(h, 1, 4) == [nil, .forward], "forgotten once lifted; the next touch is free")
        #expect(h.finish().violations.isEmpty)
    }

    @Test func aHandThatFailsTheSwipeIsLetGo() {
        let h = GestureHarness()
        let swipe = h.attach(SwipeGesture(direction: .left, fingers: 3), named: "left")
        h.engine.setConsumes(swipe, fingers: 3)
        h.run([.downMany([.init(1, at: Point(x: 100, y: 60)), .init(2, at: Point(x: 112, y: 60)), .init(3, at: Point(x: 124, y: 60))])])
        #expect(Self.verdicts(h, 1, 2, 3) == [.hold, .hold, .hold])
        h.wait(GestureSettings.standard.fingerSettleTime)
        let events = h.move([.init(1, by: Vector(dx: 30, dy: 0)), .init(2, by: Vector(dx: 30, dy: 0)), .init(3, by: Vector(dx: 30, dy: 0))], steps: 6)
        #expect(events.isEmpty)
        #expect(Self.verdicts(h, 1, 2, 3) == [.forward, .forward, .forward], "the swipe left failed: a right swipe is the desktop's")
        #expect(!h.engine.isDeciding(on: h.device))
        h.up(1, 2, 3)
        #expect(h.finish().violations.isEmpty)
    }

    /// A consuming binding on a region holds only the touches that land in it.
    @Test func aTouchOutsideAConsumingRegionIsForwarded() {
        let h = GestureHarness()
        let edge = h.region(.rect(Rect(x: 0, y: 0, width: 10, height: 120)))
        let swipe = h.attach(SwipeGesture(direction: .right), named: "from-edge", to: edge)
        h.engine.setConsumes(swipe, fingers: 1)
        h.down(1, at: Point(x: 100, y: 60))
        h.down(2, at: Point(x: 5, y: 60))
        #expect(Self.verdicts(h, 1, 2) == [.forward, .hold])
        h.up(1, 2)
        #expect(h.finish().violations.isEmpty)
    }

    @Test func aConsumedTapIsClaimedInTheRoundItLifts() {
        let h = GestureHarness()
        let tap = h.attach(TapGesture(), named: "tap")
        h.engine.setConsumes(tap, fingers: 1)
        h.down(1, at: Point(x: 100, y: 60))
        #expect(Self.verdicts(h, 1) == [.hold])
        #expect(h.up(1).map(\.line) == ["tap ended"])
        #expect(Self.verdicts(h, 1) == [.consume])
        #expect(h.finish().violations.isEmpty)
    }

    /// Between a double tap's taps nothing is down, but the gesture still decides; its second
    /// tap's claim counts as a consumption.
    @Test func aDoubleTapDecidesBetweenItsTaps() {
        let h = GestureHarness()
        let tap = h.attach(TapGesture(count: 2), named: "double")
        h.engine.setConsumes(tap, fingers: 1)
        h.down(1, at: Point(x: 100, y: 60))
        h.up(1)
        #expect(Self.verdicts(h, 1) == [.hold])
        h.wait(0.05)
        #expect(h.engine.isDeciding(on: h.device))
        #expect(h.engine.consumptions(on: h.device) == 0)
        h.down(2, at: Point(x: 101, y: 60))
        #expect(h.up(2).map(\.line) == ["double ended"])
        #expect(h.engine.consumptions(on: h.device) == 1)
        #expect(!h.engine.isDeciding(on: h.device))
        #expect(h.finish().violations.isEmpty)
    }

    @Test func withoutConsumersNothingIsJudged() {
        let h = GestureHarness()
        let tap = h.attach(TapGesture(), named: "tap")
        h.down(1, at: Point(x: 100, y: 60))
        #expect(Self.verdicts(h, 1) == [nil])
        h.engine.setConsumes(tap, fingers: 1)
        h.engine.setConsumes(tap, fingers: nil)
        #expect(!h.engine.consumes(on: h.device))
        h.up(1)
        #expect(Self.verdicts(h, 1) == [nil])
        #expect(h.finish().violations.isEmpty)
    }
}
