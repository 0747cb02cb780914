/// The live touches of one device, in fixed slots so that bindings can name their touches
/// with a bit mask. Slots are reused only after a touch has ended and its frame is settled.
///
/// The slots and the begin order live in storage of fixed size allocated once: a frame reads
/// and writes them in place, with no copy-on-write check, retain or release per access.
final class TouchTable {
    /// Maximum simultaneous touches per device; further contacts are ignored.
    static let capacity = 64

    /// Slot storage, `capacity` entries; only the slots in `used` hold a touch. Whoever writes
    /// to it calls ``changed()`` before anyone reads a summary.
    let slots: UnsafeMutablePointer<TrackedTouch>
    /// Occupied slots in the order their touches began: the first `count` entries.
    let orderStorage: UnsafeMutablePointer<Int>
    /// The surface of the device whose touches these are.
    @exclusivity(unchecked) var geometry = DeviceGeometry(width: 0, height: 0)
    /// How many slots are occupied.
    @exclusivity(unchecked) private(set) var count = 0
    /// Occupied slots.
    @exclusivity(unchecked) private(set) var used: UInt64 = 0
    /// Counts changes, so that a summary is computed once per frame and touch set: the bindings
    /// of one hand (every swipe, the pinch, the hold) all ask for the same one.
    @exclusivity(unchecked) private(set) var generation: UInt64 = 0
    @exclusivity(unchecked) private var cached = (generation: UInt64.max, mask: UInt64(0), maxKey: UInt64(0))
    @exclusivity(unchecked) private var cachedSummary = TouchSummary()

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
    func slot(ofContact id: Int32, hint: Int) -> Int? {
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

    /// Notes that slots were written: summaries computed before no longer hold.
    func changed() {
        generation &+= 1
    }

    /// Summarises the live touches in `mask` whose key is at most `maxKey` (see
    /// ``TouchInput/summary(upTo:)``); the last answer is reused until the table changes.
    func summary(of mask: UInt64, upTo maxKey: UInt64) -> TouchSummary {
        if cached.generation == generation && cached.mask == mask && cached.maxKey == maxKey { return cachedSummary }
        var result = TouchSummary()
        var sumX = 0.0
        var sumY = 0.0
        for index in 0..<count {
            let slot = orderStorage[index]
            guard mask & (1 << UInt64(slot)) != 0 else { continue }
            let touch = slots[slot]
            if touch.key > maxKey { continue }
            guard touch.isLive else {
                result.lifted += 1
                continue
            }
            result.count += 1
            sumX += touch.position.x
            sumY += touch.position.y
            result.maxDisplacement = Swift.max(result.maxDisplacement, touch.displacement.length)
            result.lastKey = touch.key
            if result.count == 1 { result.first = touch.position } else if result.count == 2 { result.second = touch.position }
        }
        if result.count > 0 {
            result.centroid = Point(x: sumX / Double(result.count), y: sumY / Double(result.count))
        }
        cached = (generation, mask, maxKey)
        cachedSummary = result
        return result
    }

    /// Claims a free slot for a new touch, or nil when the table is full.
    func insert(_ touch: TrackedTouch) -> Int? {
        guard used != .max else { return nil }
        changed()
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
        changed()
        used &= ~mask
        var kept = 0
        for index in 0..<count where mask & (1 << UInt64(orderStorage[index])) == 0 {
            orderStorage[kept] = orderStorage[index]
            kept += 1
        }
        count = kept
    }
}
