import GestureCore
import GestureTesting
import Testing

@Suite struct LongPressAndHoldTests {
    let here = Point(x: 100, y: 60)

    @Test func longPressEndsWhileStillPressed() {
        let h = GestureHarness()
        h.attach(LongPressGesture(minimumDuration: 0.4), named: "press")
        h.down(1, at: here)
        let events = h.wait(1)
        #expect(events.lines == ["press ended"])
        #expect(events.first?.value == .longPress(true))
        #expect(h.up(1).isEmpty)
    }

    @Test func releasingEarlyFails() {
        let h = GestureHarness()
        var observed: [GesturePhase<Bool>] = []
        h.attach(LongPressGesture().onPhase { observed.append($0) }, named: "press")
        h.run([.down(1, at: here), .wait(0.2), .up(1), .wait(1)])
        #expect(h.events.isEmpty)
        #expect(observed == [.possible, .failed(.releasedTooEarly)])
    }

    @Test func twoFingerLongPress() {
        let h = GestureHarness()
        h.attach(LongPressGesture(fingers: 2), named: "press2")
        h.down(1, at: here)
        #expect(h.wait(0.6).isEmpty, "one finger is not enough")
        h.down(2, at: Point(x: 120, y: 60))
        #expect(h.wait(0.6).lines == ["press2 ended"])
    }

    @Test func holdIsActiveAfterTheDelayAndEndsOnLift() throws {
        let h = GestureHarness()
        h.attach(HoldGesture(fingers: 2), named: "hold")
        h.down([.init(1, at: here), .init(2, at: Point(x: 120, y: 60))])
        #expect(h.wait(0.17).isEmpty)
        let active = h.wait(0.02)
        #expect(active.lines == ["hold active"])
        let hold = try #require(active.first?.value?.hold)
        #expect(abs(hold.duration - 0.18) < 1e-9)
        #expect(hold.location == Point(x: 110, y: 60))
        #expect(h.up(1, 2).lines == ["hold ended"])
    }

    /// A hand lifts a finger at a time: the hold ends when the last one lifts, if it follows the
    /// first within the settle time (libinput's 100 ms).
    @Test func holdEndsWhenTheHandHasLifted() {
        let h = GestureHarness()
        h.attach(HoldGesture(fingers: 3), named: "hold")
        h.down([.init(1, at: here), .init(2, at: Point(x: 120, y: 60)), .init(3, at: Point(x: 140, y: 60))])
        #expect(h.wait(0.2).lines == ["hold active"])
        // (Each lift is a frame, in which the hold is still active.)
        #expect(h.up(3).lines == ["hold active"])
        #expect(h.wait(0.06).isEmpty)
        #expect(h.up(2).lines == ["hold active"])
        #expect(h.wait(0.06).isEmpty)
        #expect(h.up(1).lines == ["hold ended"])
    }

    /// libinput's `gestures_hold_cancel`: three fingers hold, one lifts, the other two stay down
    /// past 100 ms: the hold is cancelled, not ended.
    @Test func holdWithFingersLeftDownFailsWithTheCountChanged() {
        let h = GestureHarness()
        h.attach(HoldGesture(fingers: 3), named: "hold")
        h.down([.init(1, at: here), .init(2, at: Point(x: 120, y: 60)), .init(3, at: Point(x: 140, y: 60))])
        #expect(h.wait(0.2).lines == ["hold active"])
        #expect(h.up(3).lines == ["hold active"])
        #expect(h.wait(0.08).isEmpty)
        #expect(h.wait(0.02).lines == ["hold failed(fingerCountChanged)"])
        #expect(h.up(1, 2).isEmpty)
    }

    @Test func holdThatStartsMovingFails() {
        let h = GestureHarness()
        h.attach(HoldGesture(), named: "hold")
        h.down(1, at: here)
        h.wait(0.2)
        #expect(h.move(1, by: Vector(dx: 2, dy: 0)).lines == ["hold failed(movedTooFar)"])
    }
}
