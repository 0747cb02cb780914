@testable import GestureDaemon
import GestureCore
import Testing

@Suite struct ClientOutboxTests {
    let x = ClientOutbox.UpdateKey(subscription: 1, instance: InstanceID(1))
    let y = ClientOutbox.UpdateKey(subscription: 1, instance: InstanceID(2))

    @Test func activeUpdatesOfOneInstanceCoalesceToTheLatestAtTheEnd() {
        var box = ClientOutbox(limit: 10)
        #expect(box.push("x1", .update(x)) == .queued)
        #expect(box.push("y-ended", .transition(y)) == .queued)
        #expect(box.push("x2", .update(x)) == .coalesced)
        #expect(box.push("x3", .update(x)) == .coalesced)
        #expect(box.count == 2)
        #expect(box.pop() == ["y-ended", "x3"])
        #expect(box.isEmpty)
    }

    @Test func transitionsAreNeverCoalescedAndStopCoalescing() {
        var box = ClientOutbox(limit: 10)
        _ = box.push("x1", .update(x))
        _ = box.push("x-ended", .transition(x))
        #expect(box.push("x-next", .update(x)) == .queued)
        #expect(box.pop() == ["x1", "x-ended", "x-next"])
    }

    @Test func overflowsPastTheBoundButCoalescingStillFits() {
        var box = ClientOutbox(limit: 2)
        #expect(box.push("a", .other) == .queued)
        #expect(box.push("x1", .update(x)) == .queued)
        #expect(box.push("x2", .update(x)) == .coalesced)
        #expect(box.push("b", .other) == .overflow)
        #expect(box.push("y-ended", .transition(y)) == .overflow)
        #expect(box.pop(1) == ["a"])
        #expect(box.push("b", .other) == .queued)
        #expect(box.pop() == ["x2", "b"])
    }

    @Test func aSlowReaderOfAFastGestureStaysSmall() {
        var box = ClientOutbox(limit: 8)
        for frame in 0..<10_000 { _ = box.push("x\(frame)", .update(x)) }
        #expect(box.count == 1)
        #expect(box.entries.count < 200, "tombstones are compacted")
        #expect(box.pop() == ["x9999"])
    }
}
