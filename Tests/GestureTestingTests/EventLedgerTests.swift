import GestureCore
import GestureTesting
import Testing

@Suite struct EventLedgerTests {
    func event(_ instance: UInt64, _ phase: PhaseKind, at seconds: Double = 1, reason: FailureReason? = nil) -> GestureEvent {
        GestureEvent(
            time: Timestamp(seconds: seconds), device: DeviceID(1), binding: BindingID(0), name: "g",
            instance: InstanceID(instance), phase: phase, reason: reason)
    }

    @Test func acceptsAWellFormedLife() {
        var ledger = EventLedger()
        ledger.record([event(1, .active), event(1, .active), event(1, .ended), event(2, .failed, reason: .preempted)])
        #expect(ledger.violations.isEmpty)
        #expect(ledger.open.isEmpty)
        #expect(ledger.finished == [InstanceID(1), InstanceID(2)])
    }

    @Test func flagsEventsAfterTheEnd() {
        var ledger = EventLedger()
        ledger.record([event(1, .ended), event(1, .active)])
        #expect(ledger.violations.count == 1)
    }

    @Test func flagsPossibleFailuresWithoutReasonAndTimeGoingBack() {
        var ledger = EventLedger()
        ledger.record([event(1, .possible, at: 2), event(2, .failed, at: 1)])
        #expect(ledger.violations.count == 3)
    }

    @Test func keepsUnfinishedInstancesOpen() {
        var ledger = EventLedger()
        ledger.record(event(5, .active))
        #expect(ledger.open.keys.map(\.rawValue) == [5])
    }
}

@Suite struct ArenaAuditTests {
    func record(_ touch: UInt64, _ binding: Int?, _ kind: ArenaRecord.Kind, round: UInt64 = 1, rank: Int = 1000) -> ArenaRecord {
        ArenaRecord(touch: touch, binding: binding.map(BindingID.init), kind: kind, round: round, rank: rank)
    }

    @Test func acceptsOneDecisionEach() {
        let log = [
            record(1, 0, .joined), record(1, 1, .joined), record(1, 0, .claimed), record(1, 0, .accepted), record(1, 1, .rejected),
            record(1, nil, .closed),
        ]
        #expect(ArenaAudit.violations(in: log, complete: true).isEmpty)
    }

    @Test func flagsAnAcceptanceBeforeAnEqualRankThatClaimedEarlier() {
        // pan and press-drag wait for a blocker; press-drag claims in round 3, pan in round 5;
        // the blocker fails in round 8 and pan is accepted: press-drag claimed first.
        let wrong = [
            record(1, 0, .joined), record(1, 1, .joined), record(1, 2, .joined, rank: 1001),
            record(1, 1, .claimed, round: 3), record(1, 0, .claimed, round: 5),
            record(1, 2, .rejected, round: 8), record(1, 0, .accepted, round: 8), record(1, 1, .rejected, round: 8),
        ]
        #expect(
            ArenaAudit.violations(in: wrong, complete: true)
                == ["touch 1: binding0 (claimed in round 5) accepted before binding1 (claimed in round 3)"])
        var right = wrong
        right.swapAt(6, 7)
        right[6].binding = BindingID(1)
        right[6].kind = .accepted
        right[7].binding = BindingID(0)
        right[7].kind = .rejected
        #expect(ArenaAudit.violations(in: right, complete: true).isEmpty)
        // One of higher rank still pending when it claimed is a violation too.
        let early = [record(1, 0, .joined), record(1, 2, .joined, rank: 1001), record(1, 0, .claimed), record(1, 0, .accepted)]
        #expect(ArenaAudit.violations(in: early, complete: false) == ["touch 1: binding0 accepted while binding2 of higher rank was pending"])
    }

    @Test func flagsTwoDecisionsDecisionsWithoutJoiningAndEarlyClosing() {
        let log = [
            record(1, 0, .joined), record(1, 0, .claimed), record(1, 0, .accepted), record(1, 0, .rejected),
            record(2, 3, .accepted),
            record(3, 4, .joined), record(3, nil, .closed),
        ]
        #expect(ArenaAudit.violations(in: log, complete: false).count == 3)
    }

    @Test func flagsUndecidedMembersAtTheEnd() {
        let log = [record(1, 0, .joined)]
        #expect(ArenaAudit.violations(in: log, complete: false).isEmpty)
        #expect(ArenaAudit.violations(in: log, complete: true).count == 1)
    }
}

@Suite struct RandomTouchStreamTests {
    @Test func sameSeedSameScriptDifferentSeedDifferentScript() {
        let stream = RandomTouchStream()
        #expect(stream.script(seed: 7, length: 50) == stream.script(seed: 7, length: 50))
        #expect(stream.script(seed: 7, length: 50) != stream.script(seed: 8, length: 50))
    }

    @Test func scriptsAreValidForTheHarness() {
        // A finger is only moved or lifted while down, and never more than the maximum are down.
        let stream = RandomTouchStream()
        for seed in UInt64(1)...50 {
            var live = Set<Int32>()
            for step in stream.script(seed: seed, length: 200) {
                switch step {
                case .downMany(let fingers):
                    for finger in fingers { #expect(live.insert(finger.id).inserted) }
                case .moveMany(let moves, _):
                    #expect(moves.allSatisfy { live.contains($0.id) })
                case .upMany(let ids), .cancelMany(let ids):
                    for id in ids { #expect(live.remove(id) != nil) }
                case .hold, .wait:
                    break
                }
                #expect(live.count <= stream.maximumFingers)
            }
        }
    }
}

@Suite struct GestureHarnessTests {
    @Test func reportsLeftoversAtFinish() {
        let h = GestureHarness()
        h.attach(DragGesture(), named: "pan")
        h.down(1, at: Point(x: 50, y: 50))
        h.move(1, by: Vector(dx: 10, dy: 0))
        let report = h.finish()
        #expect(report.unfinished.lines == ["pan active"])
        #expect(report.shutdownEvents.lines == ["pan failed(shutdown)"])
        #expect(report.fingersDown == [1])
        #expect(report.violations.isEmpty)
    }

    @Test func framesAreSpacedByTheFrameInterval() {
        let h = GestureHarness(start: Timestamp(seconds: 2))
        h.frameInterval = 0.005
        h.attach(DragGesture(minimumDistance: 0), named: "pan")
        let down = h.down(1, at: Point(x: 50, y: 50))
        #expect(down.first?.time == Timestamp(seconds: 2.005))
        h.wait(0.1)
        #expect(h.move(1, by: Vector(dx: 1, dy: 0)).first?.time == Timestamp(seconds: 2.11))
    }
}
