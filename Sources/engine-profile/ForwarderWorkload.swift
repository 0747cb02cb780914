#if canImport(Glibc)
import Glibc
#endif
import Evdev
import GestureCore

/// The same ten-finger touchscreen load as ``DecoderWorkload``, as events through the
/// ``TouchForwarder`` of a grabbed device on which no contact is claimed (every verdict
/// `forward`): what forwarding costs a frame beside decoding and recognizing it (`forward`,
/// for `make bench-instructions`).
struct ForwarderWorkload {
    /// An owner that claims nothing.
    struct Free: TouchOwnership {
        func verdict(forContact trackingID: Int32) -> TouchVerdict? { .forward }
        var isDeciding: Bool { false }
        var consumptions: UInt64 { 0 }
    }

    var forwarder = TouchForwarder(
        description: DecoderWorkload.description, state: DeviceState(), decisionWindow: 0.15, cancelsWithPalm: true)
    /// One turn's frames as events, made beforehand (only forwarding is counted).
    let turn: [[InputEvent]]
    var out: [InputEvent] = []
    var index = 0

    init() {
        turn = (0...240).map(Self.events)
        out.reserveCapacity(128)
    }

    static func events(_ index: Int) -> [InputEvent] {
        let time = Timestamp(microseconds: Int64(index) * 1_000_000 / 240)
        var events: [InputEvent] = []
        func append(_ type: UInt16, _ code: UInt16, _ value: Int32) { events.append(InputEvent(time: time, type: type, code: code, value: value)) }
        let angle = Double(index) / 240 * 2 * Double.pi
        for finger in 0..<10 {
            append(EventCode.EV_ABS, EventCode.ABS_MT_SLOT, Int32(finger))
            if index == 0 { append(EventCode.EV_ABS, EventCode.ABS_MT_TRACKING_ID, Int32(finger + 1)) }
            append(EventCode.EV_ABS, EventCode.ABS_MT_POSITION_X, Int32(300 + finger * 250 + Int(100 * cos(angle))))
            append(EventCode.EV_ABS, EventCode.ABS_MT_POSITION_Y, Int32(800 + Int(100 * sin(angle))))
        }
        append(EventCode.EV_SYN, EventCode.SYN_REPORT, 0)
        return events
    }

    /// Forwards the next frame; returns how many events the twin was written.
    mutating func step() -> Int {
        let events = turn[index == 0 ? 0 : 1 + (index - 1) % 240]
        index += 1
        out.removeAll(keepingCapacity: true)
        forwarder.forward(events, owner: Free(), into: &out)
        return out.count
    }
}
