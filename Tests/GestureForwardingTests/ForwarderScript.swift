import Evdev
import GestureCore
import GestureForwarding

/// An owner whose verdicts a test sets: by tracking id, with the device's deciding flag and
/// consumption count.
struct ScriptedOwner: TouchOwnership {
    var verdicts: [Int32: TouchVerdict] = [:]
    var isDeciding = false
    var consumptions: UInt64 = 0

    func verdict(forContact trackingID: Int32) -> TouchVerdict? { verdicts[trackingID] }
}

/// Writes a device's frames as the kernel would, hands them to a ``TouchForwarder`` with the
/// scripted owner's verdicts, and keeps what the twin was written, frame by frame.
struct ForwarderScript {
    var forwarder: TouchForwarder
    var owner = ScriptedOwner()
    var time = Timestamp(microseconds: 1_000_000)
    var pending: [InputEvent] = []
    /// Everything written to the twin so far.
    var written: [InputEvent] = []
    /// The frames the device sent, as sent.
    var sent: [[InputEvent]] = []

    init(_ description: DeviceDescription, state: DeviceState = DeviceState(), twin: DeviceState? = nil, window: Seconds = 0.15, palm: Bool = true) {
        forwarder = TouchForwarder(description: description, state: state, twin: twin, decisionWindow: window, cancelsWithPalm: palm)
    }

    mutating func abs(_ code: UInt16, _ value: Int32) { pending.append(InputEvent(time: time, type: EventCode.EV_ABS, code: code, value: value)) }
    mutating func key(_ code: UInt16, _ value: Int32) { pending.append(InputEvent(time: time, type: EventCode.EV_KEY, code: code, value: value)) }
    mutating func msc(_ value: Int32) { pending.append(InputEvent(time: time, type: EventCode.EV_MSC, code: EventCode.MSC_TIMESTAMP, value: value)) }

    /// A slot's events: select it, then its tracking id and position where given.
    mutating func slot(_ slot: Int32, id: Int32? = nil, x: Int32? = nil, y: Int32? = nil) {
        abs(EventCode.ABS_MT_SLOT, slot)
        if let id { abs(EventCode.ABS_MT_TRACKING_ID, id) }
        if let x { abs(EventCode.ABS_MT_POSITION_X, x) }
        if let y { abs(EventCode.ABS_MT_POSITION_Y, y) }
    }

    /// The single-touch axes the kernel sends beside the first contact.
    mutating func pointer(_ x: Int32?, _ y: Int32?) {
        if let x { abs(EventCode.ABS_X, x) }
        if let y { abs(EventCode.ABS_Y, y) }
    }

    /// Ends the frame, forwards it, and returns what the twin was written for it.
    @discardableResult
    mutating func syn(after milliseconds: Int64 = 8) -> [InputEvent] {
        pending.append(InputEvent(time: time, type: EventCode.EV_SYN, code: EventCode.SYN_REPORT, value: 0))
        sent.append(pending)
        var out: [InputEvent] = []
        forwarder.forward(pending, owner: owner, into: &out)
        pending.removeAll()
        written += out
        time = Timestamp(microseconds: time.microseconds + milliseconds * 1000)
        return out
    }

    /// Lets time pass to `time` with no frame; returns what the twin was written.
    @discardableResult
    mutating func advance(to time: Timestamp) -> [InputEvent] {
        self.time = time
        var out: [InputEvent] = []
        forwarder.advance(to: time, owner: owner, into: &out)
        written += out
        return out
    }
}

extension [InputEvent] {
    /// The events as `CODE value` words, frames split at `SYN_REPORT` (shown as `|`).
    var words: String {
        map { event in
            event.type == EventCode.EV_SYN ? "|" : "\(EventCode.codeName(type: event.type, code: event.code)) \(event.value)"
        }.joined(separator: " ")
    }

    /// The state these events leave a device in, starting from `state`.
    func applied(to state: DeviceState) -> DeviceState {
        var state = state
        for event in self {
            switch event.type {
            case EventCode.EV_ABS where event.code == EventCode.ABS_MT_SLOT: state.currentSlot = event.value
            case EventCode.EV_ABS where EventCode.isMultitouchAxis(event.code): state.slots[state.currentSlot, default: [:]][event.code] = event.value
            case EventCode.EV_ABS: state.axes[event.code] = event.value
            case EventCode.EV_KEY: if event.value == 0 { state.keysDown.remove(event.code) } else { state.keysDown.insert(event.code) }
            default: continue
            }
        }
        return state
    }
}

enum TwinDevices {
    /// A touchscreen with tool types, 100 × 50 mm, 4 slots.
    static let touchscreen = DeviceDescription(
        name: "Test Touchscreen", bus: 0x18, properties: [EventCode.INPUT_PROP_DIRECT],
        codes: [
            EventCode.EV_KEY: [EventCode.BTN_TOUCH],
            EventCode.EV_ABS: [
                EventCode.ABS_X, EventCode.ABS_Y, EventCode.ABS_MT_SLOT, EventCode.ABS_MT_POSITION_X, EventCode.ABS_MT_POSITION_Y,
                EventCode.ABS_MT_TOOL_TYPE, EventCode.ABS_MT_TRACKING_ID,
            ],
        ],
        absinfo: [
            EventCode.ABS_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            EventCode.ABS_Y: AbsInfo(minimum: 0, maximum: 500, resolution: 10),
            EventCode.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 3),
            EventCode.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            EventCode.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 500, resolution: 10),
            EventCode.ABS_MT_TOOL_TYPE: AbsInfo(minimum: 0, maximum: 2),
            EventCode.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
        ])

    /// A clickpad counting five fingers with five slots.
    static let clickpad = DeviceDescription(
        name: "Test Clickpad", bus: 0x18, vendor: 0x1234, product: 2,
        properties: [EventCode.INPUT_PROP_POINTER, EventCode.INPUT_PROP_BUTTONPAD],
        codes: [
            EventCode.EV_KEY: [
                EventCode.BTN_LEFT, EventCode.BTN_TOUCH, EventCode.BTN_TOOL_FINGER, EventCode.BTN_TOOL_DOUBLETAP,
                EventCode.BTN_TOOL_TRIPLETAP, EventCode.BTN_TOOL_QUADTAP, EventCode.BTN_TOOL_QUINTTAP,
            ],
            EventCode.EV_ABS: [
                EventCode.ABS_X, EventCode.ABS_Y, EventCode.ABS_MT_SLOT, EventCode.ABS_MT_POSITION_X, EventCode.ABS_MT_POSITION_Y,
                EventCode.ABS_MT_TRACKING_ID,
            ],
            EventCode.EV_MSC: [5],
        ],
        absinfo: [
            EventCode.ABS_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            EventCode.ABS_Y: AbsInfo(minimum: 0, maximum: 700, resolution: 10),
            EventCode.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 4),
            EventCode.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            EventCode.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 700, resolution: 10),
            EventCode.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
        ])
}
