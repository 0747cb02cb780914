import Evdev
import GestureCore

/// What the twin is written: every write is applied to ``TouchForwarder/twin`` as it is made,
/// so a frame carries only what changed, the way the kernel filters a device's events.
extension TouchForwarder {
    /// Brings the twin's shown contacts, the values made from them and the other keys and axes
    /// up to the source, passes the frame's other events, and ends the frame.
    mutating func mirror(at time: Timestamp, into out: inout [InputEvent]) {
        for slot in 0..<slotCount where contacts[Int(slot)] == .shown {
            mirror(slot: slot, at: time, into: &out)
        }
        derive(at: time, transparent: isTransparent, into: &out)
        if written > 0 || passing.contains(where: { $0.type != EventCode.EV_MSC }) {
            out.append(contentsOf: passing)
            written += passing.count
        }
        endFrame(at: time, into: &out)
    }

    /// Writes a shown slot's values that differ from the twin's, straight from the flat state
    /// (the tracking id first, then the axes by code; a lift writes only its id): the same as
    /// ``write(values:slot:at:into:)`` without a dictionary per slot and frame.
    mutating func mirror(slot: Int32, at time: Timestamp, into out: inout [InputEvent]) {
        let trackingID = device.trackingID(slot)
        guard trackingID >= 0 else {
            lift(slot: slot, at: time, into: &out)
            return
        }
        write(slot: slot, code: EventCode.ABS_MT_TRACKING_ID, value: trackingID, at: time, into: &out)
        for code in EventCode.ABS_MT_FIRST + 1...EventCode.ABS_MT_LAST where code != EventCode.ABS_MT_TRACKING_ID {
            if let value = device.value(slot: slot, code: code) { write(slot: slot, code: code, value: value, at: time, into: &out) }
        }
    }

    /// Plays a held contact that lifted to `slot`: where it began, where it last was, its lift,
    /// each a frame of its own.
    mutating func play(slot: Int32, frames: [[UInt16: Int32]], at time: Timestamp, into out: inout [InputEvent]) {
        let lifts = frames.last?[EventCode.ABS_MT_TRACKING_ID] == -1
        let motion = lifts ? frames.dropLast() : frames[...]
        var steps: [[UInt16: Int32]] = []
        if let first = motion.first { steps.append(first) }
        if motion.count > 1, let last = motion.last { steps.append(last) }
        if lifts, let lift = frames.last { steps.append(lift) }
        for values in steps {
            write(values: values, slot: slot, at: time, into: &out)
            derive(at: time, transparent: false, into: &out)
            endFrame(at: time, into: &out)
        }
    }

    /// Takes a shown contact back: a palm where the twin has tool types, else a lift.
    mutating func cancel(slot: Int32, at time: Timestamp, into out: inout [InputEvent]) {
        if cancelsWithPalm {
            write(slot: slot, code: EventCode.ABS_MT_TOOL_TYPE, value: EventCode.MT_TOOL_PALM, at: time, into: &out)
        } else {
            lift(slot: slot, at: time, into: &out)
        }
        contacts[Int(slot)] = .consumed(cancelled: true)
    }

    /// Lifts the twin's contact in `slot`, if it shows one.
    mutating func lift(slot: Int32, at time: Timestamp, into out: inout [InputEvent]) {
        guard copy.trackingID(slot) >= 0 else { return }
        write(slot: slot, code: EventCode.ABS_MT_TRACKING_ID, value: -1, at: time, into: &out)
    }

    /// Writes the values of `slot` that differ from the twin's: the tracking id first (a new
    /// contact begins before its axes), then the axes by code; a lift writes only its id.
    mutating func write(values: [UInt16: Int32], slot: Int32, at time: Timestamp, into out: inout [InputEvent]) {
        let trackingID = values[EventCode.ABS_MT_TRACKING_ID] ?? -1
        if trackingID < 0 {
            lift(slot: slot, at: time, into: &out)
            return
        }
        write(slot: slot, code: EventCode.ABS_MT_TRACKING_ID, value: trackingID, at: time, into: &out)
        for code in values.keys.sorted() where code != EventCode.ABS_MT_TRACKING_ID {
            write(slot: slot, code: code, value: values[code]!, at: time, into: &out)
        }
    }

    /// Writes one `ABS_MT_*` value of a slot if the twin holds another, or may (selecting the
    /// slot first): a value the forwarder does not know the twin holds is written, whatever it
    /// is (the kernel passes on only what changed, so a twin that missed a value keeps it wrong).
    mutating func write(slot: Int32, code: UInt16, value: Int32, at time: Timestamp, into out: inout [InputEvent]) {
        guard copy.value(slot: slot, code: code) != value else { return }
        if copy.currentSlot != slot {
            out.append(InputEvent(time: time, type: EventCode.EV_ABS, code: EventCode.ABS_MT_SLOT, value: slot))
            copy.currentSlot = slot
            written += 1
        }
        out.append(InputEvent(time: time, type: EventCode.EV_ABS, code: code, value: value))
        copy.set(slot: slot, code: code, value)
        written += 1
    }

    /// Writes an axis that is not per slot, if the twin holds another value.
    mutating func write(axis code: UInt16, value: Int32, at time: Timestamp, into out: inout [InputEvent]) {
        guard copy.axis(code) != value else { return }
        out.append(InputEvent(time: time, type: EventCode.EV_ABS, code: code, value: value))
        copy.setAxis(code, value)
        written += 1
    }

    /// Presses or releases a key, if the twin has it the other way.
    mutating func write(key code: UInt16, down: Bool, at time: Timestamp, into out: inout [InputEvent]) {
        guard copy.isDown(code) != down else { return }
        out.append(InputEvent(time: time, type: EventCode.EV_KEY, code: code, value: down ? 1 : 0))
        copy.setKey(code, down)
        written += 1
    }

    /// Ends the frame being built with `SYN_REPORT`, if anything was written.
    mutating func endFrame(at time: Timestamp, into out: inout [InputEvent]) {
        guard written > 0 else { return }
        out.append(InputEvent(time: time, type: EventCode.EV_SYN, code: EventCode.SYN_REPORT, value: 0))
        written = 0
    }

    /// The values that depend on which contacts are shown: the device's own while every contact
    /// is shown as it is, else made from the twin's contacts (the first one not cancelled for the
    /// single-touch axes, as the kernel's pointer emulation takes the first); then the other
    /// axes and keys as they are.
    mutating func derive(at time: Timestamp, transparent: Bool, into out: inout [InputEvent]) {
        var first: Int32?
        var count = 0
        for slot in 0..<slotCount where copy.trackingID(slot) >= 0 {
            if first == nil && copy.value(slot: slot, code: EventCode.ABS_MT_TOOL_TYPE) != EventCode.MT_TOOL_PALM { first = slot }
            count += 1
        }
        for code in pointerAxes {
            if transparent {
                if let value = device.axis(code) { write(axis: code, value: value, at: time, into: &out) }
            } else if let first {
                let from: UInt16 = switch code {
                case EventCode.ABS_X: EventCode.ABS_MT_POSITION_X
                case EventCode.ABS_Y: EventCode.ABS_MT_POSITION_Y
                default: EventCode.ABS_MT_PRESSURE
                }
                if let value = copy.value(slot: first, code: from) { write(axis: code, value: value, at: time, into: &out) }
            }
        }
        for code in 0..<UInt16(FlatDeviceState.axisCount) where !pointerAxes.contains(code) {
            if let value = device.axis(code) { write(axis: code, value: value, at: time, into: &out) }
        }
        for (index, key) in fingerKeys.enumerated() {
            guard let key else { continue }
            let down = transparent ? device.isDown(key) : count == index + 1 || index == fingerKeys.count - 1 && count > index
            write(key: key, down: down, at: time, into: &out)
        }
        if hasTouchKey {
            write(key: EventCode.BTN_TOUCH, down: transparent ? device.isDown(EventCode.BTN_TOUCH) : count > 0, at: time, into: &out)
        }
        // Every key down on either side, in code order, word by word (no array per frame).
        for word in 0..<device.keys.count where device.keys[word] | copy.keys[word] != 0 {
            var bits = device.keys[word] | copy.keys[word]
            while bits != 0 {
                let key = UInt16(word * 64 + bits.trailingZeroBitCount)
                bits &= bits - 1
                if !isTouchKey(key) { write(key: key, down: device.isDown(key), at: time, into: &out) }
            }
        }
    }

    /// `BTN_TOUCH` and the finger-count keys, which follow the shown contacts.
    func isTouchKey(_ code: UInt16) -> Bool {
        code == EventCode.BTN_TOUCH || fingerKeys.contains(code)
    }
}
