import GestureCore
import GestureTesting
import Testing

@Suite struct ArenaTests {
    let inside = Point(x: 60, y: 60)

    @Test func innerNormalBeatsOuterNormal() {
        let h = GestureHarness()
        let panel = h.region(.rect(Rect(x: 40, y: 40, width: 60, height: 60)))
        h.attach(DragGesture(), named: "outer")
        h.attach(DragGesture(), named: "inner", to: panel)
        let events = h.run([.down(1, at: inside), .move(1, by: Vector(dx: 10, dy: 0), steps: 2), .up(1)])
        #expect(Set(events.map(\.name)) == ["inner"])
        #expect(h.finish().violations.isEmpty)
    }

    @Test func outerNormalWaitsForInnerToFailThenWins() {
        let h = GestureHarness()
        let button = h.region(.rect(Rect(x: 40, y: 40, width: 60, height: 60)))
        h.attach(DragGesture(), named: "scroll")
        h.attach(TapGesture(), named: "button", to: button)
        h.down(1, at: inside)
        // 2.5 mm: the drag would be active, but the tap inside ranks higher and is still possible.
        #expect(h.move(1, by: Vector(dx: 2.5, dy: 0)).isEmpty)
        // 4 mm: too far for a tap; it fails and the waiting drag is let through with its value.
        let events = h.move(1, by: Vector(dx: 1.5, dy: 0))
        #expect(events.lines == ["scroll active"])
        #expect(events.first?.value?.drag?.translation == Vector(dx: 4, dy: 0))
        #expect(h.up(1).lines == ["scroll ended"])
        #expect(h.run([.down(1, at: inside), .up(1)]).lines == ["button ended"])
        #expect(h.finish().violations.isEmpty)
    }

    /// Issue 61: a region gesture the finger lands in holds back two outer claims; when it fails,
    /// the one that claimed first wins, not the one attached first.
    @Test func equalRanksGoToTheFirstToClaimWhenABlockerFails() {
        let h = GestureHarness()
        let middle = h.region(.rect(Rect(x: 40, y: 40, width: 60, height: 60)))
        h.attach(DragGesture(minimumDistance: 10), named: "pan")
        h.attach(LongPressGesture(minimumDuration: 0.3).sequenced(before: DragGesture()), named: "press-drag")
        h.attach(MagnifyGesture(), named: "magnify", to: middle)
        h.down(1, at: inside)
        // press-drag claims at 0.3 s, pan at 12 mm: both wait for the magnify.
        #expect(h.wait(0.35).isEmpty)
        #expect(h.move(1, by: Vector(dx: 12, dy: 0), steps: 4).isEmpty)
        var events = h.wait(2)
        events += h.up(1)
        #expect(events.first?.name == "press-drag")  // the magnify fails at the lift
        #expect(!events.contains { $0.name == "pan" })
        #expect(h.finish().violations.isEmpty)
        // Without the blocker, press-drag wins at 0.3 s as it did.
        let alone = GestureHarness()
        alone.attach(DragGesture(minimumDistance: 10), named: "pan")
        alone.attach(LongPressGesture(minimumDuration: 0.3).sequenced(before: DragGesture()), named: "press-drag")
        alone.down(1, at: inside)
        #expect(alone.wait(0.35).lines == ["press-drag active"])
    }

    @Test func outerHighPriorityBeatsInnerHighPriority() {
        let h = GestureHarness()
        let panel = h.region(.rect(Rect(x: 40, y: 40, width: 60, height: 60)))
        h.attach(DragGesture(minimumDistance: 0), named: "inner", to: panel, priority: .high)
        h.attach(DragGesture(minimumDistance: 0), named: "outer", priority: .high)
        let events = h.run([.down(1, at: inside), .move(1, by: Vector(dx: 10, dy: 0)), .up(1)])
        #expect(Set(events.map(\.name)) == ["outer"])
    }

    @Test func simultaneousRunsAlongsideTheWinner() {
        let h = GestureHarness()
        h.attach(DragGesture(), named: "pan")
        h.attach(DragGesture(minimumDistance: 5), named: "other")
        h.attach(DragGesture(), named: "tracker", priority: .simultaneous)
        let events = h.run([.down(1, at: inside), .move(1, by: Vector(dx: 10, dy: 0), steps: 5), .up(1)])
        #expect(Set(events.map(\.name)) == ["pan", "tracker"])
        #expect(events.suffix(2).lines == ["pan ended", "tracker ended"])
    }

    @Test func amongEqualsTheFirstToActivateWins() {
        let h = GestureHarness()
        h.attach(DragGesture(minimumDistance: 5), named: "late")
        h.attach(DragGesture(minimumDistance: 2), named: "early")
        let events = h.run([.down(1, at: inside), .move(1, by: Vector(dx: 10, dy: 0), steps: 5), .up(1)])
        #expect(Set(events.map(\.name)) == ["early"])
    }

    @Test func aHeldEndedTapIsAnnouncedWhenTheHigherRankedDoubleTapGivesUp() {
        let h = GestureHarness()
        h.attach(TapGesture(count: 2), named: "double", priority: .high)
        h.attach(TapGesture(), named: "single")
        #expect(h.run([.down(1, at: inside), .up(1)]).isEmpty)
        let lift = h.now
        let events = h.wait(1)
        #expect(events.lines == ["single ended"])
        #expect(events.first?.time == lift + 0.3)
        // And the double tap wins when it comes.
        #expect(h.run([.down(1, at: inside), .up(1), .down(1, at: inside), .up(1)]).lines == ["double ended"])
        #expect(h.wait(1).isEmpty)
        #expect(h.finish().violations.isEmpty)
    }

    @Test func maskWithoutSubviewsDisablesNestedGestures() {
        let h = GestureHarness()
        let panel = h.region(.rect(Rect(x: 40, y: 40, width: 60, height: 60)))
        h.attach(DragGesture(minimumDistance: 5), named: "outer", including: .gesture)
        h.attach(DragGesture(), named: "inner", to: panel)
        let events = h.run([.down(1, at: inside), .move(1, by: Vector(dx: 10, dy: 0), steps: 5), .up(1)])
        #expect(Set(events.map(\.name)) == ["outer"])
    }

    @Test func maskWithoutGestureDisablesOnlyTheAttachedGesture() {
        let h = GestureHarness()
        let panel = h.region(.rect(Rect(x: 40, y: 40, width: 60, height: 60)))
        h.attach(DragGesture(minimumDistance: 0), named: "outer", priority: .high, including: .subviews)
        h.attach(DragGesture(), named: "inner", to: panel)
        let events = h.run([.down(1, at: inside), .move(1, by: Vector(dx: 10, dy: 0), steps: 5), .up(1)])
        #expect(Set(events.map(\.name)) == ["inner"])
    }

    @Test func shouldBeginCanVeto() {
        let h = GestureHarness()
        var reasons: [FailureReason] = []
        // Only horizontal drags may begin; a vertical one is vetoed and the scroll gets it.
        h.attach(
            DragGesture().onPhase { if case .failed(let r) = $0 { reasons.append(r) } }, named: "horizontal",
            shouldBegin: { value in
                guard let t = value?.drag?.translation else { return false }
                return abs(t.dx) > abs(t.dy)
            })
        h.attach(DragGesture(minimumDistance: 3), named: "scroll")
        let vertical = h.run([.down(1, at: inside), .move(1, by: Vector(dx: 0, dy: 10), steps: 5), .up(1)])
        #expect(Set(vertical.map(\.name)) == ["scroll"])
        #expect(reasons == [.vetoed])
        let horizontal = h.run([.down(1, at: inside), .move(1, by: Vector(dx: 10, dy: 0), steps: 5), .up(1)])
        #expect(Set(horizontal.map(\.name)) == ["horizontal"])
    }

    @Test func everyMemberGetsExactlyOneDecisionAndArenasClose() {
        let h = GestureHarness()
        h.attach(DragGesture(), named: "pan")
        h.attach(TapGesture(), named: "tap")
        h.attach(DragGesture(), named: "tracker", priority: .simultaneous)
        h.run([.down(1, at: inside), .move(1, by: Vector(dx: 10, dy: 0), steps: 3), .up(1)])
        let log = h.engine.arenaLog
        #expect(log.filter { $0.kind == .joined }.count == 3)
        #expect(log.filter { $0.kind == .accepted }.count == 2)
        #expect(log.filter { $0.kind == .rejected }.count == 1)
        #expect(log.last?.kind == .closed)
        #expect(ArenaAudit.violations(in: log, complete: true).isEmpty)
    }

    @Test func regionsInNormalizedUnitsAndAlongEdges() {
        let h = GestureHarness(width: 200, height: 100)
        let rightHalf = h.region(.normalized(Rect(x: 0.5, y: 0, width: 0.5, height: 1)))
        let topEdge = h.region(.edge(.top, width: 10))
        h.attach(TapGesture(), named: "right-half", to: rightHalf)
        h.attach(TapGesture(), named: "top-edge", to: topEdge)
        #expect(h.run([.down(1, at: Point(x: 150, y: 50)), .up(1)]).lines == ["right-half ended"])
        #expect(h.run([.down(1, at: Point(x: 50, y: 5)), .up(1)]).lines == ["top-edge ended"])
        #expect(h.run([.down(1, at: Point(x: 50, y: 50)), .up(1)]).isEmpty)
    }
}
