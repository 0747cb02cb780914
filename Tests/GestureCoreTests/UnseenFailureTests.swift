import GestureCore
import GestureTesting
import Testing

/// Failures no client sees (the instance was never announced) are kept once each while the
/// engine is asked to, for the view's "why did it not fire".
@Suite struct UnseenFailureTests {
    let inside = Point(x: 60, y: 60)

    @Test func aPreemptedDragAndAMovedTapAreKeptOnceEach() {
        let h = GestureHarness()
        h.engine.recordsUnseenFailures = true
        h.attach(DragGesture(), named: "pan")
        h.attach(DragGesture(minimumDistance: 8), named: "late")
        h.attach(TapGesture(), named: "tap")
        h.down(1, at: inside)
        let start = h.now
        #expect(h.move(1, by: Vector(dx: 4, dy: 0)).lines == ["pan active"])
        let failures = h.engine.unseenFailures
        #expect(failures.map(\.name) == ["late", "tap"])
        // The tap failed on its own (4 mm is past its slop) in the round the pan won.
        #expect(failures.map(\.reason) == [.preempted, .movedTooFar])
        #expect(failures.allSatisfy { $0.time > start && $0.device == failures[0].device })
        // More frames of the same instances add nothing.
        _ = h.move(1, by: Vector(dx: 4, dy: 0), steps: 3)
        _ = h.up(1)
        #expect(h.engine.unseenFailures.count == 2)
        // A new interaction, a new instance: a tap that moves too far fails unseen again.
        h.engine.clearUnseenFailures()
        let h2 = GestureHarness()
        h2.engine.recordsUnseenFailures = true
        h2.attach(TapGesture(), named: "tap")
        _ = h2.run([.down(1, at: inside), .move(1, by: Vector(dx: 20, dy: 0), steps: 2), .up(1)])
        #expect(h2.engine.unseenFailures.map(\.reason) == [.movedTooFar])
        #expect(h.engine.unseenFailures.isEmpty)
    }

    @Test func offByDefaultAndAnnouncedFailuresAreNotUnseen() {
        let h = GestureHarness()
        h.attach(TapGesture(), named: "tap")
        _ = h.run([.down(1, at: inside), .move(1, by: Vector(dx: 20, dy: 0), steps: 2), .up(1)])
        #expect(h.engine.unseenFailures.isEmpty)
        let seen = GestureHarness()
        seen.engine.recordsUnseenFailures = true
        seen.attach(DragGesture(), named: "pan")
        seen.down(1, at: inside)
        _ = seen.move(1, by: Vector(dx: 4, dy: 0))
        // Announced, then failed by the shutdown: an event says it, so it is not unseen.
        #expect(seen.engine.shutdown(at: seen.now).events.map(\.phase) == [.failed])
        #expect(seen.engine.unseenFailures.isEmpty)
    }
}
