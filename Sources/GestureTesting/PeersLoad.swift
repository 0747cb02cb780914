import Evdev
import GestureCore
import RealModule

/// The loads of the peers benchmark (`../shared/tools/peers`) as raw `input_event` records,
/// frame by frame, for the benchmarks that count instructions on them: the decoder alone
/// (`engine-profile decode`) and the daemon's whole path (`path-profile`, issue 52).
public enum PeersLoad: String, CaseIterable, Sendable {
    /// Ten fingers circling together (radius 10 mm, one turn a second) on a 293 × 165 mm screen
    /// at 10 units/mm, 240 frames a second; down at the first frame, never lifted.
    case touchscreen
    /// Three fingers on a 100 × 60 mm clickpad at 40 units/mm, 125 frames a second: down, 199
    /// frames moving left 0.3 mm each (a three-finger swipe), lifted; again.
    case touchpad

    /// The device the records are for.
    public var description: DeviceDescription {
        switch self {
        case .touchscreen:
            DeviceDescription(
                name: "peers touchscreen", bus: 0x18, properties: [EventCode.INPUT_PROP_DIRECT],
                codes: [EventCode.EV_KEY: [EventCode.BTN_TOUCH]],
                absinfo: [
                    EventCode.ABS_X: AbsInfo(minimum: 0, maximum: 2930, resolution: 10),
                    EventCode.ABS_Y: AbsInfo(minimum: 0, maximum: 1650, resolution: 10),
                    EventCode.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 9),
                    EventCode.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 2930, resolution: 10),
                    EventCode.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 1650, resolution: 10),
                    EventCode.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
                ])
        case .touchpad:
            DeviceDescription(
                name: "peers touchpad", bus: 0x18, properties: [EventCode.INPUT_PROP_POINTER, EventCode.INPUT_PROP_BUTTONPAD],
                codes: [
                    EventCode.EV_KEY: [
                        EventCode.BTN_LEFT, EventCode.BTN_TOOL_FINGER, EventCode.BTN_TOOL_DOUBLETAP, EventCode.BTN_TOOL_TRIPLETAP,
                        EventCode.BTN_TOUCH,
                    ]
                ],
                absinfo: [
                    EventCode.ABS_X: AbsInfo(minimum: 0, maximum: 4000, resolution: 40),
                    EventCode.ABS_Y: AbsInfo(minimum: 0, maximum: 2400, resolution: 40),
                    EventCode.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 4),
                    EventCode.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 4000, resolution: 40),
                    EventCode.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 2400, resolution: 40),
                    EventCode.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
                ])
        }
    }

    /// Frames a second.
    public var rate: Int { self == .touchscreen ? 240 : 125 }

    /// The records of frame `index` (from 0), ending with its SYN_REPORT.
    public func records(_ index: Int) -> [UInt8] {
        var records: [UInt8] = []
        func append(_ type: UInt16, _ code: UInt16, _ value: Int32) {
            let time = Int64(index) * 1_000_000 / Int64(rate)
            withUnsafeBytes(of: time / 1_000_000) { records += $0 }
            withUnsafeBytes(of: time % 1_000_000) { records += $0 }
            withUnsafeBytes(of: type) { records += $0 }
            withUnsafeBytes(of: code) { records += $0 }
            withUnsafeBytes(of: value) { records += $0 }
        }
        switch self {
        case .touchscreen:
            let angle = Double(index) / 240 * 2 * Double.pi
            for finger in 0..<10 {
                append(EventCode.EV_ABS, EventCode.ABS_MT_SLOT, Int32(finger))
                if index == 0 { append(EventCode.EV_ABS, EventCode.ABS_MT_TRACKING_ID, Int32(finger + 1)) }
                append(EventCode.EV_ABS, EventCode.ABS_MT_POSITION_X, Int32(300 + finger * 250 + Int(100 * Double.cos(angle))))
                append(EventCode.EV_ABS, EventCode.ABS_MT_POSITION_Y, Int32(800 + Int(100 * Double.sin(angle))))
            }
        case .touchpad:
            let step = index % 201
            let swipe = index / 201
            for finger in 0..<3 {
                append(EventCode.EV_ABS, EventCode.ABS_MT_SLOT, Int32(finger))
                if step == 0 { append(EventCode.EV_ABS, EventCode.ABS_MT_TRACKING_ID, Int32(swipe * 3 + finger + 1)) }
                if step == 200 {
                    append(EventCode.EV_ABS, EventCode.ABS_MT_TRACKING_ID, -1)
                    continue
                }
                append(EventCode.EV_ABS, EventCode.ABS_MT_POSITION_X, Int32(3200 - step * 12))
                append(EventCode.EV_ABS, EventCode.ABS_MT_POSITION_Y, Int32(800 + finger * 500))
            }
            if step == 0 || step == 200 {
                append(EventCode.EV_KEY, EventCode.BTN_TOUCH, step == 0 ? 1 : 0)
                append(EventCode.EV_KEY, EventCode.BTN_TOOL_TRIPLETAP, step == 0 ? 1 : 0)
            }
        }
        append(EventCode.EV_SYN, EventCode.SYN_REPORT, 0)
        return records
    }
}
