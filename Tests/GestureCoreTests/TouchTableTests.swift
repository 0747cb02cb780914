@testable import GestureCore
import Testing

/// The touch table on plain values: slots, begin order, lookups with and without a good hint.
@Suite struct TouchTableTests {
    static func touch(_ contact: Int32, key: UInt64, phase: TouchPhase = .began) -> TrackedTouch {
        TrackedTouch(
            key: key, contactID: contact, position: .zero, normalized: .zero, startPosition: .zero,
            startTime: Timestamp(microseconds: 0), phase: phase)
    }

    @Test func aContactIsFoundWhateverTheHintAndALiftedOneIsNot() throws {
        let table = TouchTable()
        for contact: Int32 in [40, 41, 42] { _ = table.insert(Self.touch(contact, key: UInt64(contact))) }
        // Right hint, wrong hint, hint past the end: the same slot.
        #expect(table.slot(ofContact: 41, hint: 1) == 1)
        #expect(table.slot(ofContact: 41, hint: 0) == 1)
        #expect(table.slot(ofContact: 41, hint: 9) == 1)
        #expect(table.slot(ofContact: 7, hint: 0) == nil)
        table.slots[2].phase = .ended
        #expect(table.slot(ofContact: 42, hint: 2) == nil)
    }

    @Test func removingSlotsKeepsTheOthersInBeginOrderAndFreesTheSlotsForReuse() throws {
        let table = TouchTable()
        for contact: Int32 in 0..<5 { _ = table.insert(Self.touch(contact, key: UInt64(contact))) }
        table.remove(0b01010)
        #expect(Array(table.order) == [0, 2, 4])
        #expect(table.used == 0b10101)
        // The lowest free slot is reused, and the new touch is last in begin order.
        #expect(table.insert(Self.touch(9, key: 9)) == 1)
        #expect(Array(table.order) == [0, 2, 4, 1])
        #expect(table.slot(ofContact: 9, hint: 3) == 1)
        // Removing slots that hold nothing changes nothing.
        table.remove(1 << 40)
        #expect(Array(table.order) == [0, 2, 4, 1])
    }

    @Test func aFullTableRefusesTheNextTouch() throws {
        let table = TouchTable()
        for contact in 0..<TouchTable.capacity { #expect(table.insert(Self.touch(Int32(contact), key: UInt64(contact))) == contact) }
        #expect(table.insert(Self.touch(999, key: 999)) == nil)
        #expect(table.order.count == TouchTable.capacity)
        table.remove(.max)
        #expect(table.order.isEmpty && table.used == 0)
    }

    @Test func aSummaryIsReusedOnlyForTheSameTouchesUntilTheTableChanges() throws {
        let table = TouchTable()
        for contact: Int32 in 0..<3 {
            var touch = Self.touch(contact, key: UInt64(contact + 1))
            touch.position = Point(x: Double(contact) * 10, y: 0)
            _ = table.insert(touch)
        }
        #expect(table.summary(of: 0b111, upTo: .max).centroid == Point(x: 10, y: 0))
        // Another mask, another key limit: computed for them, not taken from the last answer.
        #expect(table.summary(of: 0b011, upTo: .max).centroid == Point(x: 5, y: 0))
        #expect(table.summary(of: 0b111, upTo: 1).count == 1)
        // A written slot counts once the writer says so.
        table.slots[2].position = Point(x: 50, y: 0)
        table.changed()
        #expect(table.summary(of: 0b111, upTo: .max).centroid == Point(x: 20, y: 0))
        table.slots[1].phase = .ended
        table.changed()
        let lifted = table.summary(of: 0b111, upTo: .max)
        #expect(lifted.count == 2 && lifted.lifted == 1)
    }
}
