import Evdev
import GestureCore

/// Raw events against a device description (one of four kinds, its x axis range taken from
/// the input) through ``MultitouchDecoder``. Invariants: a frame never holds two live contacts
/// with one id, a contact only moves or ends after it began, and once the stream ends (the
/// device goes away) every contact that began has ended or been cancelled.
enum DecoderHarness {
    /// Protocol B touchscreen, protocol A touchscreen, single touch, semi-MT touchpad.
    static func description(_ kind: UInt8, xMinimum: Int32, xMaximum: Int32) -> DeviceDescription {
        let x = AbsInfo(minimum: xMinimum, maximum: xMaximum, resolution: 10)
        let y = AbsInfo(minimum: 0, maximum: 1000, resolution: 10)
        switch kind % 4 {
        case 0:
            return DeviceDescription(
                name: "B", bus: 0x18, properties: [EventCode.INPUT_PROP_DIRECT], codes: [EventCode.EV_KEY: [EventCode.BTN_TOUCH]],
                absinfo: [
                    EventCode.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 9), EventCode.ABS_MT_POSITION_X: x, EventCode.ABS_MT_POSITION_Y: y,
                    EventCode.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535), EventCode.ABS_MT_PRESSURE: AbsInfo(minimum: 0, maximum: 255),
                ])
        case 1:
            return DeviceDescription(
                name: "A", bus: 0x18, properties: [EventCode.INPUT_PROP_DIRECT], codes: [EventCode.EV_KEY: [EventCode.BTN_TOUCH]],
                absinfo: [EventCode.ABS_MT_POSITION_X: x, EventCode.ABS_MT_POSITION_Y: y])
        case 2:
            return DeviceDescription(
                name: "single", bus: 0x18, properties: [EventCode.INPUT_PROP_DIRECT], codes: [EventCode.EV_KEY: [EventCode.BTN_TOUCH]],
                absinfo: [EventCode.ABS_X: x, EventCode.ABS_Y: y])
        default:
            return DeviceDescription(
                name: "semi-MT", bus: 0x11, properties: [EventCode.INPUT_PROP_POINTER, EventCode.INPUT_PROP_SEMI_MT],
                codes: [EventCode.EV_KEY: [EventCode.BTN_TOUCH, EventCode.BTN_TOOL_FINGER, EventCode.BTN_TOOL_DOUBLETAP, EventCode.BTN_TOOL_TRIPLETAP]],
                absinfo: [
                    EventCode.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 1), EventCode.ABS_MT_POSITION_X: x, EventCode.ABS_MT_POSITION_Y: y,
                    EventCode.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
                ])
        }
    }

    /// The event types and codes a touch device sends, so most random bytes mean something.
    static let types: [UInt16] = [EventCode.EV_SYN, EventCode.EV_KEY, EventCode.EV_ABS, EventCode.EV_ABS]
    static let codes: [UInt16: [UInt16]] = [
        EventCode.EV_SYN: [EventCode.SYN_REPORT, EventCode.SYN_MT_REPORT, EventCode.SYN_DROPPED, EventCode.SYN_REPORT],
        EventCode.EV_KEY: [EventCode.BTN_TOUCH, EventCode.BTN_TOOL_FINGER, EventCode.BTN_TOOL_DOUBLETAP, EventCode.BTN_TOOL_TRIPLETAP],
        EventCode.EV_ABS: [
            EventCode.ABS_MT_SLOT, EventCode.ABS_MT_TRACKING_ID, EventCode.ABS_MT_POSITION_X, EventCode.ABS_MT_POSITION_Y,
            EventCode.ABS_MT_PRESSURE, EventCode.ABS_MT_TOUCH_MAJOR, EventCode.ABS_X, EventCode.ABS_Y,
        ],
    ]

    /// Bytes: kind, x minimum and maximum (4 bytes each), then 8 bytes per event: type, code,
    /// value (4 bytes, little-endian), time step in ms (2 bytes). A type byte ≥ 128 is taken raw.
    static func run(_ data: UnsafeRawBufferPointer) {
        guard data.count >= 9 else { return }
        func int32(_ at: Int) -> Int32 { Int32(bitPattern: UInt32(data[at]) | UInt32(data[at + 1]) << 8 | UInt32(data[at + 2]) << 16 | UInt32(data[at + 3]) << 24) }
        let description = description(data[0], xMinimum: int32(1), xMaximum: int32(5))
        var events: [InputEvent] = []
        var time: Int64 = 1_000_000
        var at = 9
        while at + 8 <= data.count {
            let typeByte = data[at], codeByte = data[at + 1]
            let type = typeByte >= 128 ? UInt16(typeByte & 0x1f) : types[Int(typeByte) % types.count]
            let code = codes[type].map { $0[Int(codeByte) % $0.count] } ?? UInt16(codeByte)
            time += Int64(UInt16(data[at + 6]) | UInt16(data[at + 7]) << 8) * 1000
            events.append(InputEvent(time: Timestamp(microseconds: time), type: type, code: code, value: int32(at + 2)))
            at += 8
        }
        decode(events, description: description)
    }

    /// Feeds `events` and checks the invariants on every frame and at the end.
    static func decode(_ events: [InputEvent], description: DeviceDescription) {
        var decoder = MultitouchDecoder(device: DeviceID(1), description: description)
        var live: Set<Int32> = []
        func check(_ frame: TouchFrame?) {
            guard let frame else { return }
            var seen: Set<Int32> = []
            for contact in frame.contacts {
                Invariant.check(seen.insert(contact.id).inserted, "contact \(contact.id) twice in one frame")
                switch contact.phase {
                case .began: Invariant.check(live.insert(contact.id).inserted, "contact \(contact.id) began while live")
                case .moved, .stationary: Invariant.check(live.contains(contact.id), "contact \(contact.id) moved before it began")
                case .ended, .cancelled: Invariant.check(live.remove(contact.id) != nil, "contact \(contact.id) ended before it began")
                }
            }
        }
        for (index, event) in events.enumerated() {
            // Halfway, the decoder starts again from a state (as after a SYN_DROPPED on a live
            // node): its own, with one slot changed from the data.
            if index == events.count / 2 {
                var state = decoder.state
                state.slots[event.value & 3, default: [:]][EventCode.ABS_MT_TRACKING_ID] = event.value >> 2
                state.currentSlot = event.value & 7
                check(decoder.restart(from: state, at: event.time))
            }
            check(decoder.feed(event))
        }
        check(decoder.cancelAll(at: events.last?.time ?? Timestamp(microseconds: 0)))
        Invariant.check(live.isEmpty, "contacts \(live.sorted()) never ended")
    }
}
