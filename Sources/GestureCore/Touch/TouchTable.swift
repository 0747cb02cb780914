/// The live touches of one device, in fixed slots so that bindings can name their touches
/// with a bit mask. Slots are reused only after a touch has ended and its frame is settled.
///
/// The slots and the begin order live in storage of fixed size allocated once: a frame reads
/// and writes them in place, with no copy-on-write check, retain or release per access.
final class TouchTable {
    /// Maximum simultaneous touches per device; further contacts are ignored.
    static let capacity = 64

    /// Slot storage, `capacity` entries; only the slots in `used` hold a touch.
    let slots: UnsafeMutablePointer<TrackedTouch>
    /// Occupied slots in the order their touches began: the first `count` entries.
    let orderStorage: UnsafeMutablePointer<Int>
    /// How many slots are occupied.
    @exclusivity(unchecked) private(set) var count = 0
    /// Occupied slots.
    @exclusivity(unchecked) private(set) var used: UInt64 = 0

    init() {
        let empty = TrackedTouch(
            key: 0, contactID: -1, position: .zero, normalized: .zero, startPosition: .zero,
            startTime: Timestamp(microseconds: 0), phase: .ended)
        slots = .allocate(capacity: Self.capacity)
        slots.initialize(repeating: empty, count: Self.capacity)
        orderStorage = .allocate(capacity: Self.capacity)
        orderStorage.initialize(repeating: 0, count: Self.capacity)
    }

    deinit {
        slots.deinitialize(count: Self.capacity)
        slots.deallocate()
        orderStorage.deallocate()
    }

    /// Occupied slots in the order their touches began.
    var order: UnsafeBufferPointer<Int> { UnsafeBufferPointer(start: orderStorage, count: count) }

    /// The slot holding the live contact `id`, if any. `hint` is where in the begin order to
    /// look first: a device lists its contacts in the same order frame after frame.
    func slot(ofContact id: Int32, hint: Int = 0) -> Int? {
        if hint < count {
            let slot = orderStorage[hint]
            if slots[slot].contactID == id && slots[slot].isLive { return slot }
        }
        for index in 0..<count {
            let slot = orderStorage[index]
            if slots[slot].contactID == id && slots[slot].isLive { return slot }
        }
        return nil
    }

    /// Claims a free slot for a new touch, or nil when the table is full.
    func insert(_ touch: TrackedTouch) -> Int? {
        guard used != .max else { return nil }
        let slot = (~used).trailingZeroBitCount
        slots[slot] = touch
        used |= 1 << UInt64(slot)
        orderStorage[count] = slot
        count += 1
        return slot
    }

    /// Frees the slots in `mask`.
    func remove(_ mask: UInt64) {
        guard mask & used != 0 else { return }
        used &= ~mask
        var kept = 0
        for index in 0..<count where mask & (1 << UInt64(orderStorage[index])) == 0 {
            orderStorage[kept] = orderStorage[index]
            kept += 1
        }
        count = kept
    }
}
