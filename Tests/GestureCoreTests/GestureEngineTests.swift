import GestureCore
import GestureTesting
import Testing

@Suite struct GestureEngineTests {
    /// A transparent high-priority drag over the left strip blocks the edge swipe under it
    /// while enabled, and lets it through when disabled.
    @Test func highPriorityOverlayBlocksTheEdgeSwipeUntilDisabled() {
        let h = GestureHarness()
        let strip = h.region(.rect(Rect(x: 0, y: 0, width: 40, height: 120)))
        let shield = h.attach(DragGesture(minimumDistance: 0), named: "shield", to: strip, priority: .high)
        h.attach(EdgeSwipeGesture(edge: .left), named: "back")
        let swipe: [TouchStep] = [.down(1, at: Point(x: 1, y: 60)), .move(1, by: Vector(dx: 30, dy: 0), steps: 6), .up(1)]

        let blocked = h.run(swipe)
        #expect(!blocked.lines.contains { $0.hasPrefix("back") })
        #expect(blocked.first?.line == "shield active")
        #expect(blocked.last?.line == "shield ended")

        h.setEnabled(shield, false)
        let through = h.run(swipe)
        #expect(!through.lines.contains { $0.hasPrefix("shield") })
        #expect(through.last?.line == "back ended")
        #expect(through.last?.value?.edgeSwipe?.distance == 30)

        h.setEnabled(shield, true)
        #expect(!h.run(swipe).lines.contains { $0.hasPrefix("back") })
        #expect(h.finish().violations.isEmpty)
    }

    @Test func disablingABindingInFlightFailsIt() {
        let h = GestureHarness()
        let pan = h.attach(DragGesture(), named: "pan")
        h.down(1, at: Point(x: 50, y: 50))
        h.move(1, by: Vector(dx: 10, dy: 0))
        #expect(h.setEnabled(pan, false).lines == ["pan failed(disabled)"])
        #expect(h.move(1, by: Vector(dx: 10, dy: 0)).isEmpty)
        h.up(1)
        #expect(h.finish().violations.isEmpty)
    }

    @Test func detachingABindingInFlightFailsItAsReconfigured() {
        let h = GestureHarness()
        let pan = h.attach(DragGesture(), named: "pan")
        h.down(1, at: Point(x: 50, y: 50))
        h.move(1, by: Vector(dx: 10, dy: 0))
        #expect(h.engine.detach(pan, at: h.now).events.lines == ["pan failed(reconfigured)"])
        #expect(h.engine.name(of: pan) == nil)
        #expect(h.move(1, by: Vector(dx: 10, dy: 0)).isEmpty)
    }

    /// A device keeps one bit per binding for the bindings at work; past 64 bindings they take
    /// a second word, and detaching one moves the bits of those after it.
    @Test func bindingsPastTheSixtyFourthOfADeviceStillGetTheirTouches() {
        let h = GestureHarness()
        let waiting = (0..<70).map { h.attach(HoldGesture(fingers: 5), named: "hold-\($0)") }
        h.attach(DragGesture(), named: "pan")
        let drag: [TouchStep] = [.down(1, at: Point(x: 50, y: 50)), .move(1, by: Vector(dx: 20, dy: 0), steps: 5), .up(1)]
        #expect(h.run(drag).last?.line == "pan ended")
        // With a finger down (every binding at work), detach bindings below and across the word
        // boundary: the drag moves from position 70 to 67 and still gets the frames.
        h.wait(1)
        h.down(1, at: Point(x: 50, y: 50))
        for id in [waiting[0], waiting[63], waiting[64]] { _ = h.engine.detach(id, at: h.now) }
        h.move(1, by: Vector(dx: 20, dy: 0), steps: 5)
        #expect(h.up(1).last?.line == "pan ended")
        #expect(h.finish().violations.isEmpty)
    }

    /// A client's own gesture is detached when it disconnects and the next client's is attached
    /// to the same device: the new binding takes the touches the old one had.
    @Test func aBindingAttachedAfterADetachedOneGetsTouches() {
        let h = GestureHarness()
        h.attach(LongPressGesture(), named: "configured")
        let drag: [TouchStep] = [.down(1, at: Point(x: 50, y: 50)), .move(1, by: Vector(dx: 20, dy: 0), steps: 5), .up(1)]
        let first = h.attach(DragGesture(), named: "first")
        #expect(h.run(drag).last?.line == "first ended")
        #expect(h.engine.detach(first, at: h.now).events.isEmpty)
        h.attach(DragGesture(), named: "second")
        #expect(h.run(drag).last?.line == "second ended")
        #expect(h.finish().violations.isEmpty)
    }

    @Test func aContactMissingFromAFrameIsCancelled() {
        let h = GestureHarness()
        h.attach(DragGesture(), named: "pan")
        h.down(1, at: Point(x: 50, y: 50))
        h.move(1, by: Vector(dx: 10, dy: 0))
        let events = h.engine.feed(TouchFrame(device: h.device, time: h.now + 0.01, contacts: [])).events
        #expect(events.lines == ["pan failed(cancelled)"])
    }

    @Test func deadlinesFireAtTheirOwnTimeWhenTimeJumps() {
        let h = GestureHarness()
        h.attach(LongPressGesture(minimumDuration: 0.5), named: "press")
        h.attach(HoldGesture(), named: "hold", priority: .simultaneous)
        h.down(1, at: Point(x: 50, y: 50))
        let touchdown = h.now
        #expect(h.engine.nextDeadline == touchdown + 0.18)
        let events = h.wait(2)
        #expect(events.lines == ["hold active", "press ended"])
        #expect(events.map(\.time) == [touchdown + 0.18, touchdown + 0.5])
    }

    @Test func instancesGetFreshIdsAndBindingsKeepTheirIdentity() {
        let h = GestureHarness()
        let pan = h.attach(DragGesture(), named: "pan")
        var ids: [InstanceID] = []
        for _ in 0..<3 {
            let events = h.run([.down(1, at: Point(x: 50, y: 50)), .move(1, by: Vector(dx: 10, dy: 0)), .up(1)])
            #expect(Set(events.map(\.binding)) == [pan])
            ids += Set(events.map(\.instance))
        }
        #expect(Set(ids).count == 3)
        #expect(ids == ids.sorted())
    }

    @Test func activeInstancesSnapshotListsWhatIsInFlight() {
        let h = GestureHarness()
        @GestureState var offset = Vector.zero
        h.attach(DragGesture().updating($offset) { v, s in s = v.translation }, named: "pan", publishing: $offset)
        h.down(1, at: Point(x: 50, y: 50))
        h.move(1, by: Vector(dx: 10, dy: 0))
        let snapshot = h.engine.activeInstances(at: h.now)
        #expect(snapshot.lines == ["pan active"])
        #expect(snapshot.first?.state == .vector(Vector(dx: 10, dy: 0)))
        h.up(1)
        #expect(h.engine.activeInstances(at: h.now).isEmpty)
    }

    @Test func framesOfUnknownDevicesAreIgnored() {
        let h = GestureHarness()
        h.attach(DragGesture(minimumDistance: 0), named: "pan")
        let frame = TouchFrame(device: DeviceID(99), time: h.now, contacts: [
            Contact(id: 1, position: Point(x: 1, y: 1), normalized: Point(x: 0, y: 0), phase: .began)
        ])
        #expect(h.engine.feed(frame).events.isEmpty)
    }

    @Test func timeNeverRunsBackwards() {
        let h = GestureHarness()
        h.attach(DragGesture(minimumDistance: 0), named: "pan")
        _ = h.engine.advance(to: Timestamp(seconds: 10))
        let early = TouchFrame(device: h.device, time: Timestamp(seconds: 5), contacts: [
            Contact(id: 1, position: Point(x: 50, y: 50), normalized: Point(x: 0.25, y: 0.4), phase: .began)
        ])
        let events = h.engine.feed(early).events
        #expect(events.lines == ["pan active"])
        #expect(events.first?.time == Timestamp(seconds: 10))
        #expect(h.engine.now == Timestamp(seconds: 10))
    }

    // Exit tests are swift-testing's from Swift 6.2: a 6.0 toolchain (Debian 13's) builds the
    // rest of the suite without these two.
    #if compiler(>=6.2)
    @Test func callingTheEngineFromACallbackIsStopped() async {
        await #expect(processExitsWith: .failure) {
            let h = GestureHarness()
            let engine = h.engine
            h.attach(DragGesture(minimumDistance: 0).onChanged { _ in _ = engine.advance(to: Timestamp(seconds: 9)) }, named: "pan")
            h.down(1, at: Point(x: 50, y: 50))
        }
    }

    @Test func attachingFromACallbackIsStopped() async {
        await #expect(processExitsWith: .failure) {
            let h = GestureHarness()
            let engine = h.engine
            let root = h.root
            h.attach(TapGesture().onEnded { _ in engine.attach(TapGesture(), named: "late", to: root) }, named: "tap")
            h.run([.down(1, at: Point(x: 50, y: 50)), .up(1)])
        }
    }
    #endif
}
