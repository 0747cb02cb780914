import GestureCore

extension MultitouchDecoder {
    /// The size of one `struct input_event` as read() from an evdev node gives it on 64-bit
    /// Linux: a `timeval` (seconds, microseconds: 64 bits each), then type, code and value.
    public static let recordSize = 24

    /// Decodes raw `input_event` records (whole records, native byte order), appending the
    /// frames they complete — the live path's bytes through the same decoder as a recording's
    /// events. A SYN_DROPPED among them is handled as in a recording (the decoder's own state
    /// stands for the device's).
    public mutating func feed(records bytes: UnsafeRawBufferPointer, into frames: inout [TouchFrame]) {
        _ = feed(records: bytes, into: &frames, stoppingAtLoss: false)
    }

    /// As ``feed(records:into:)``, for a live node whose state can be read: with
    /// `stoppingAtLoss`, stops at a SYN_DROPPED and returns its time, leaving the records after
    /// it unread — they are already part of the state the kernel holds, which the caller reads
    /// and hands to ``restart(from:at:)``, as libevdev discards them before it syncs. Nil when
    /// no SYN_DROPPED came.
    @inline(__always)
    public mutating func feed(records bytes: UnsafeRawBufferPointer, into frames: inout [TouchFrame], stoppingAtLoss: Bool) -> Timestamp? {
        var offset = 0
        while offset + Self.recordSize <= bytes.count {
            if mode == .slots, !dropping {
                offset = applySlotAxes(bytes, from: offset)
                guard offset + Self.recordSize <= bytes.count else { break }
            }
            let seconds = bytes.loadUnaligned(fromByteOffset: offset, as: Int64.self)
            let microseconds = bytes.loadUnaligned(fromByteOffset: offset + 8, as: Int64.self)
            let event = InputEvent(
                time: Timestamp(microseconds: seconds &* 1_000_000 &+ microseconds),
                type: bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt16.self),
                code: bytes.loadUnaligned(fromByteOffset: offset + 18, as: UInt16.self),
                value: bytes.loadUnaligned(fromByteOffset: offset + 20, as: Int32.self))
            offset += Self.recordSize
            // Only a sync event completes a frame (or reports a loss): the others need no look
            // at what feeding them returns.
            if event.type == EventCode.EV_SYN {
                if stoppingAtLoss && event.code == EventCode.SYN_DROPPED { return event.time }
                if let frame = feed(event) { frames.append(frame) }
            } else {
                _ = feed(event)
            }
        }
        return nil
    }

    /// Takes the run of records from `start` that are a protocol B device's slot numbers and
    /// axes of slots in the array — most of what a frame holds — straight into the slots, as
    /// ``feed(_:)`` would take each (no event made, no look at the slots' storage per record);
    /// returns where the run ends (a sync, a key, a slot outside the array: ``feed(_:)``'s).
    @inline(__always)
    mutating func applySlotAxes(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var offset = start
        var current = slot
        slots.near.withUnsafeMutableBufferPointer { near in
            while offset + Self.recordSize <= bytes.count {
                guard bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt16.self) == EventCode.EV_ABS else { return }
                let code = bytes.loadUnaligned(fromByteOffset: offset + 18, as: UInt16.self)
                let value = bytes.loadUnaligned(fromByteOffset: offset + 20, as: Int32.self)
                if code == EventCode.ABS_MT_SLOT {
                    current = value
                } else if current >= 0, Int(current) < near.count {
                    Self.apply(code, value, to: &near[Int(current)])
                } else {
                    return
                }
                offset += Self.recordSize
            }
        }
        slot = current
        return offset
    }
}
