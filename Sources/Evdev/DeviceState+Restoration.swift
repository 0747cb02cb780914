import GestureCore

extension DeviceState {
    /// The events that bring a grabbed node's state (`self`, as the kernel holds it now) back to
    /// `seen`, the state the node's other readers last read (docs/OWNERSHIP.md, "When the grab
    /// ends"), followed by a `SYN_REPORT`; empty when nothing differs.
    ///
    /// The kernel passes an axis on only when its value changed, and keeps one state for every
    /// reader. While a grab lasts the other readers read nothing, so when it ends they hold the
    /// values from before it: a touch that lands where the last touch during the grab was would
    /// reach them without its position, and they would put it at their old one. Written into the
    /// node while it is still grabbed, these events reach only the grabbing reader and leave the
    /// kernel holding what the others hold, so the next touch carries every axis that differs.
    ///
    /// They pass the kernel's filter as it is (`input_handle_abs_event`): a value closer than
    /// twice the axis' `fuzz` to the old one would be smoothed or dropped, so it goes to a far
    /// value first, then to its own; an `ABS_MT_SLOT` is only staged, and passed on with the next
    /// `ABS_MT_*` value that changes, so the slot the others last read (`currentSlot`) is written
    /// last, with a change of its position and back if none of its values differ. Tracking ids
    /// and keys are left alone: the grab begins and ends with no contact down, and a tracking id
    /// written back would be a touch to the grabbing reader.
    public func restoring(_ seen: DeviceState, fuzz: [UInt16: Int32], at time: Timestamp) -> [InputEvent] {
        var events: [InputEvent] = []
        func write(_ code: UInt16, _ value: Int32) {
            events.append(InputEvent(time: time, type: EventCode.EV_ABS, code: code, value: value))
        }
        /// Moves one value from `old` to `new` past the filter; `forced` writes it even when equal.
        func set(_ code: UInt16, from old: Int32, to new: Int32, forced: Bool = false) {
            guard old != new || forced else { return }
            let margin = max(fuzz[code] ?? 0, 0)
            let distance = abs(Int64(new) - Int64(old))
            if forced && old == new || margin > 0 && distance < 2 * Int64(margin) {
                let far = Int64(max(old, new)) + 2 * Int64(max(margin, 1))
                write(code, Int32(clamping: far))
            }
            write(code, new)
        }
        var emittedSlot = currentSlot
        let slots = Set(slots.keys).union(seen.slots.keys).sorted { a, b in
            // The slot the others last read goes last.
            (a == seen.currentSlot ? 1 : 0, a) < (b == seen.currentSlot ? 1 : 0, b)
        }
        for slot in slots {
            var changed = false
            for (code, old, new) in slotDifferences(slot, from: seen) {
                if !changed { write(EventCode.ABS_MT_SLOT, slot) }
                changed = true
                set(code, from: old, to: new)
            }
            if changed { emittedSlot = slot }
        }
        if emittedSlot != seen.currentSlot, seen.currentSlot >= 0 {
            let position = (seen.slots[seen.currentSlot] ?? [:])[EventCode.ABS_MT_POSITION_X] ?? 0
            write(EventCode.ABS_MT_SLOT, seen.currentSlot)
            set(EventCode.ABS_MT_POSITION_X, from: position, to: position, forced: true)
        }
        for code in Set(axes.keys).union(seen.axes.keys).sorted() where !EventCode.isMultitouchAxis(code) {
            set(code, from: axes[code] ?? 0, to: seen.axes[code] ?? 0)
        }
        guard !events.isEmpty else { return [] }
        events.append(InputEvent(time: time, type: EventCode.EV_SYN, code: EventCode.SYN_REPORT, value: 0))
        return events
    }

    /// How many values ``restoring(_:fuzz:at:)`` writes back: the slots' axes and the other
    /// absolute axes that differ from `seen` (tracking ids, the slot and keys aside).
    public func restorableDifferences(from seen: DeviceState) -> Int {
        let slots = Set(slots.keys).union(seen.slots.keys)
        let axes = Set(axes.keys).union(seen.axes.keys).filter { !EventCode.isMultitouchAxis($0) && (self.axes[$0] ?? 0) != (seen.axes[$0] ?? 0) }
        return slots.reduce(axes.count) { $0 + slotDifferences($1, from: seen).count }
    }

    /// The `ABS_MT_*` values of `slot` that differ from `seen`, by code: (code, now, then).
    func slotDifferences(_ slot: Int32, from seen: DeviceState) -> [(UInt16, Int32, Int32)] {
        let now = slots[slot] ?? [:]
        let then = seen.slots[slot] ?? [:]
        return Set(now.keys).union(then.keys).sorted().compactMap { code in
            guard code != EventCode.ABS_MT_TRACKING_ID, code != EventCode.ABS_MT_SLOT else { return nil }
            let old = now[code] ?? 0
            let new = then[code] ?? 0
            return old == new ? nil : (code, old, new)
        }
    }
}
