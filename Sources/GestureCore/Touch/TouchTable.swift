/// The live touches of one device, in fixed slots so that bindings can name their touches
/// with a bit mask. Slots are reused only after a touch has ended and its frame is settled.
final class TouchTable {
    /// Maximum simultaneous touches per device; further contacts are ignored.
    static let capacity = 64

    /// Slot storage; only the slots in `used` hold a touch.
    @exclusivity(unchecked) var slots: [TrackedTouch]
    /// Occupied slots.
    @exclusivity(unchecked) var used: UInt64 = 0
    /// Occupied slots in the order their touches began.
    @exclusivity(unchecked) var order: [Int] = []

    init() {
        let empty = TrackedTouch(
            key: 0, contactID: -1, position: .zero, normalized: .zero, startPosition: .zero,
            startTime: Timestamp(microseconds: 0), phase: .ended)
        slots = Array(repeating: empty, count: Self.capacity)
        order.reserveCapacity(Self.capacity)
    }

    /// The slot holding the live contact `id`, if any.
    func slot(ofContact id: Int32) -> Int? {
        for slot in order where slots[slot].contactID == id && slots[slot].isLive {
            return slot
        }
        return nil
    }

    /// Claims a free slot for a new touch, or nil when the table is full.
    func insert(_ touch: TrackedTouch) -> Int? {
        guard used != .max else { return nil }
        let slot = (~used).trailingZeroBitCount
        slots[slot] = touch
        used |= 1 << UInt64(slot)
        order.append(slot)
        return slot
    }

    /// Frees the slots in `mask`.
    func remove(_ mask: UInt64) {
        guard mask != 0 else { return }
        used &= ~mask
        order.removeAll { mask & (1 << UInt64($0)) != 0 }
    }
}
