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
            let seconds = bytes.loadUnaligned(fromByteOffset: offset, as: Int64.self)
            let microseconds = bytes.loadUnaligned(fromByteOffset: offset + 8, as: Int64.self)
            let event = InputEvent(
                time: Timestamp(microseconds: seconds &* 1_000_000 &+ microseconds),
                type: bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt16.self),
                code: bytes.loadUnaligned(fromByteOffset: offset + 18, as: UInt16.self),
                value: bytes.loadUnaligned(fromByteOffset: offset + 20, as: Int32.self))
            // Only a sync event completes a frame (or reports a loss): the others need no look
            // at what feeding them returns.
            if event.type == EventCode.EV_SYN {
                if stoppingAtLoss && event.code == EventCode.SYN_DROPPED { return event.time }
                if let frame = feed(event) { frames.append(frame) }
            } else {
                _ = feed(event)
            }
            offset += Self.recordSize
        }
        return nil
    }
}
