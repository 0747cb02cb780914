import Evdev
import GestureCore

/// Hand-written evdev sequences for decoder tests: `abs(.x, 100)`, `key(.touch, 1)`, `syn()`.
struct DecoderScript {
    var decoder: MultitouchDecoder
    var time = Timestamp(seconds: 1)
    var frames: [TouchFrame] = []
    /// Every event sent, in order.
    var events: [InputEvent] = []

    init(_ description: DeviceDescription) {
        decoder = MultitouchDecoder(device: DeviceID(1), description: description)
    }

    mutating func send(_ type: UInt16, _ code: UInt16, _ value: Int32) {
        let event = InputEvent(time: time, type: type, code: code, value: value)
        events.append(event)
        if let frame = decoder.feed(event) { frames.append(frame) }
    }

    mutating func abs(_ code: UInt16, _ value: Int32) { send(EventCode.EV_ABS, code, value) }
    mutating func key(_ code: UInt16, _ value: Int32) { send(EventCode.EV_KEY, code, value) }
    mutating func slot(_ slot: Int32, id: Int32? = nil, x: Int32? = nil, y: Int32? = nil) {
        abs(EventCode.ABS_MT_SLOT, slot)
        if let id { abs(EventCode.ABS_MT_TRACKING_ID, id) }
        if let x { abs(EventCode.ABS_MT_POSITION_X, x) }
        if let y { abs(EventCode.ABS_MT_POSITION_Y, y) }
    }
    mutating func mtReport(x: Int32, y: Int32) {
        abs(EventCode.ABS_MT_POSITION_X, x)
        abs(EventCode.ABS_MT_POSITION_Y, y)
        send(EventCode.EV_SYN, EventCode.SYN_MT_REPORT, 0)
    }
    /// Ends the frame 10 ms after the previous one; returns the frame it produced, if any.
    @discardableResult
    mutating func syn() -> TouchFrame? {
        let before = frames.count
        send(EventCode.EV_SYN, EventCode.SYN_REPORT, 0)
        time = time + 0.01
        return frames.count > before ? frames.last : nil
    }
    mutating func dropped() { send(EventCode.EV_SYN, EventCode.SYN_DROPPED, 0) }
}

extension TouchFrame {
    /// `id:phase` for each contact, sorted by id, e.g. `["5:began", "6:moved"]`.
    var summary: [String] { contacts.sorted { $0.id < $1.id }.map { "\($0.id):\($0.phase)" } }
}

enum Devices {
    /// A protocol-B touchscreen: 1000 × 500 units at 10 units/mm (100 × 50 mm), 4 slots.
    static let touchscreen = DeviceDescription(
        name: "Test Touchscreen", bus: 0x18, properties: [EventCode.INPUT_PROP_DIRECT],
        codes: [EventCode.EV_KEY: [EventCode.BTN_TOUCH]],
        absinfo: [
            EventCode.ABS_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            EventCode.ABS_Y: AbsInfo(minimum: 0, maximum: 500, resolution: 10),
            EventCode.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 3),
            EventCode.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            EventCode.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 500, resolution: 10),
            EventCode.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
        ])

    /// The same surface reporting protocol A (no slots).
    static var protocolA: DeviceDescription {
        var description = touchscreen
        description.absinfo[EventCode.ABS_MT_SLOT] = nil
        description.absinfo[EventCode.ABS_MT_TRACKING_ID] = nil
        return description
    }

    /// The same surface as a single-touch device.
    static var singleTouch: DeviceDescription {
        var description = touchscreen
        description.absinfo = description.absinfo.filter { $0.key == EventCode.ABS_X || $0.key == EventCode.ABS_Y }
        return description
    }

    /// A semi-MT clickpad counting up to three fingers.
    static let semiMT = DeviceDescription(
        name: "Test Semi-MT Touchpad", properties: [EventCode.INPUT_PROP_POINTER, EventCode.INPUT_PROP_SEMI_MT],
        codes: [EventCode.EV_KEY: [EventCode.BTN_TOUCH, EventCode.BTN_TOOL_FINGER, EventCode.BTN_TOOL_DOUBLETAP, EventCode.BTN_TOOL_TRIPLETAP]],
        absinfo: [
            EventCode.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 1),
            EventCode.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 1600, resolution: 16),
            EventCode.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 900, resolution: 15),
        ])

    /// An old Synaptics pad: no ABS_MT axes, one position, fingers counted by BTN_TOOL_* up to three.
    static let singleTouchPad = DeviceDescription(
        name: "Test SynPS/2 Touchpad", bus: 0x11, properties: [EventCode.INPUT_PROP_POINTER],
        codes: [EventCode.EV_KEY: [EventCode.BTN_LEFT, EventCode.BTN_TOUCH, EventCode.BTN_TOOL_FINGER, EventCode.BTN_TOOL_DOUBLETAP, EventCode.BTN_TOOL_TRIPLETAP]],
        absinfo: [
            EventCode.ABS_X: AbsInfo(minimum: 1472, maximum: 5472, resolution: 60),
            EventCode.ABS_Y: AbsInfo(minimum: 1408, maximum: 4448, resolution: 85),
        ])

    /// A two-slot pad that counts up to four fingers.
    static let twoSlotPad = DeviceDescription(
        name: "Test Two-Slot Touchpad", bus: 0x11, properties: [EventCode.INPUT_PROP_POINTER],
        codes: [EventCode.EV_KEY: [EventCode.BTN_TOUCH, EventCode.BTN_TOOL_FINGER, EventCode.BTN_TOOL_DOUBLETAP, EventCode.BTN_TOOL_TRIPLETAP, EventCode.BTN_TOOL_QUADTAP]],
        absinfo: [
            EventCode.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 1),
            EventCode.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            EventCode.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 700, resolution: 10),
            EventCode.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
        ])

    /// A clickpad as laptops have them: 100 × 70 mm at 10 units/mm, 5 slots, pressure 0…255,
    /// on I²C (internal, so every palm rule applies).
    static let clickpad = DeviceDescription(
        name: "Test Clickpad", bus: 0x18, vendor: 0x1234, product: 2,
        properties: [EventCode.INPUT_PROP_POINTER, EventCode.INPUT_PROP_BUTTONPAD],
        codes: [
            EventCode.EV_KEY: [EventCode.BTN_LEFT, EventCode.BTN_TOUCH, EventCode.BTN_TOOL_FINGER],
            EventCode.EV_ABS: [EventCode.ABS_MT_PRESSURE],
        ],
        absinfo: [
            EventCode.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 4),
            EventCode.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            EventCode.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 700, resolution: 10),
            EventCode.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
            EventCode.ABS_MT_PRESSURE: AbsInfo(minimum: 0, maximum: 255),
        ])
}
