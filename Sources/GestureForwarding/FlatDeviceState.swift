import Evdev
/// A device's state in flat storage, written in place event by event: what ``TouchForwarder``
/// keeps of a grabbed device and of its twin. The same content as a ``DeviceState`` without a
/// hash per event: every slot's `ABS_MT_*` values in one array, the other axes in another,
/// the keys as bits. A value never written is unknown (not 0: a twin's slot may hold anything).
struct FlatDeviceState: Sendable, Equatable {
    /// `ABS_MT_*` codes after `ABS_MT_SLOT` a slot keeps, from `ABS_MT_TOUCH_MAJOR`.
    static let codes = Int(EventCode.ABS_MT_LAST - EventCode.ABS_MT_FIRST)
    /// Axes below `ABS_MT_SLOT`.
    static let axisCount = Int(EventCode.ABS_MT_FIRST)
    /// Key codes kept (`KEY_MAX` + 1).
    static let keyCount = 0x300

    /// The slots, `codes` values each.
    private(set) var values: [Int32]
    /// Per slot, which of its values are known (bit per code).
    private(set) var known: [UInt16]
    /// The slot `ABS_MT_*` events apply to.
    var currentSlot: Int32 = 0
    private(set) var axes: [Int32]
    private(set) var knownAxes: UInt64 = 0
    private(set) var keys: [UInt64]

    /// A state of `slots` slots with nothing known.
    init(slots: Int) {
        let count = max(1, slots)
        values = [Int32](repeating: 0, count: count * Self.codes)
        known = [UInt16](repeating: 0, count: count)
        axes = [Int32](repeating: 0, count: Self.axisCount)
        keys = [UInt64](repeating: 0, count: Self.keyCount / 64)
    }

    /// `state`, in `slots` slots (values of slots past them are dropped).
    init(_ state: DeviceState, slots: Int) {
        self.init(slots: slots)
        currentSlot = state.currentSlot
        for (slot, codes) in state.slots {
            for (code, value) in codes { set(slot: slot, code: code, value) }
        }
        for (code, value) in state.axes { setAxis(code, value) }
        for key in state.keysDown { setKey(key, true) }
    }

    var slotCount: Int { known.count }

    /// Where a slot's code is kept; nil for a slot or code out of range.
    @inline(__always) func index(_ slot: Int32, _ code: UInt16) -> Int? {
        let offset = Int(code) - Int(EventCode.ABS_MT_FIRST) - 1
        guard slot >= 0, Int(slot) < known.count, offset >= 0, offset < Self.codes else { return nil }
        return Int(slot) * Self.codes + offset
    }

    /// A slot's value of `code`, nil when unknown.
    @inline(__always) func value(slot: Int32, code: UInt16) -> Int32? {
        guard let index = index(slot, code), known[Int(slot)] & (1 << UInt16(index % Self.codes)) != 0 else { return nil }
        return values[index]
    }

    @inline(__always) mutating func set(slot: Int32, code: UInt16, _ value: Int32) {
        guard let index = index(slot, code) else { return }
        values[index] = value
        known[Int(slot)] |= 1 << UInt16(index % Self.codes)
    }

    /// A slot's tracking id (-1: none, or unknown).
    @inline(__always) func trackingID(_ slot: Int32) -> Int32 { value(slot: slot, code: EventCode.ABS_MT_TRACKING_ID) ?? -1 }

    /// A slot's known values, by code (what a held contact keeps per frame).
    func snapshot(_ slot: Int32) -> [UInt16: Int32] {
        var result: [UInt16: Int32] = [:]
        guard Int(slot) >= 0, Int(slot) < known.count else { return result }
        for offset in 0..<Self.codes where known[Int(slot)] & (1 << UInt16(offset)) != 0 {
            result[EventCode.ABS_MT_FIRST + 1 + UInt16(offset)] = values[Int(slot) * Self.codes + offset]
        }
        return result
    }

    /// Forgets what is known of a slot (its twin values may be anything).
    mutating func forget(slot: Int32) {
        guard slot >= 0, Int(slot) < known.count else { return }
        known[Int(slot)] = 0
    }

    @inline(__always) func axis(_ code: UInt16) -> Int32? {
        guard Int(code) < Self.axisCount, knownAxes & (1 << UInt64(code)) != 0 else { return nil }
        return axes[Int(code)]
    }

    @inline(__always) mutating func setAxis(_ code: UInt16, _ value: Int32) {
        guard Int(code) < Self.axisCount else { return }
        axes[Int(code)] = value
        knownAxes |= 1 << UInt64(code)
    }

    /// The axes known, by code.
    var knownAxisCodes: [UInt16] { (0..<UInt16(Self.axisCount)).filter { knownAxes & (1 << UInt64($0)) != 0 } }

    @inline(__always) func isDown(_ key: UInt16) -> Bool {
        Int(key) < Self.keyCount && keys[Int(key) >> 6] & (1 << UInt64(key & 63)) != 0
    }

    @inline(__always) mutating func setKey(_ key: UInt16, _ down: Bool) {
        guard Int(key) < Self.keyCount else { return }
        if down { keys[Int(key) >> 6] |= 1 << UInt64(key & 63) } else { keys[Int(key) >> 6] &= ~(1 << UInt64(key & 63)) }
    }

    /// The keys down, in code order.
    var keysDown: [UInt16] {
        var result: [UInt16] = []
        for word in keys.indices where keys[word] != 0 {
            var bits = keys[word]
            while bits != 0 {
                result.append(UInt16(word * 64 + bits.trailingZeroBitCount))
                bits &= bits - 1
            }
        }
        return result
    }

    /// Whether any key is down.
    var anyKeyDown: Bool { keys.contains { $0 != 0 } }

    /// Whether a slot has a contact.
    var hasContact: Bool { (0..<Int32(known.count)).contains { trackingID($0) >= 0 } }

    /// The same content as a ``DeviceState`` (slots with something known).
    var deviceState: DeviceState {
        var state = DeviceState(currentSlot: currentSlot)
        for slot in 0..<Int32(known.count) where known[Int(slot)] != 0 { state.slots[slot] = snapshot(slot) }
        for code in knownAxisCodes { state.axes[code] = axes[Int(code)] }
        state.keysDown = Set(keysDown)
        return state
    }
}
