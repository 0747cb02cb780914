/// The evdev constants gestured uses (from `linux/input-event-codes.h`), with names for
/// messages and logs.
public enum EventCode {
    // Types
    /// Synchronisation events.
    public static let EV_SYN: UInt16 = 0x00
    /// Keys and buttons.
    public static let EV_KEY: UInt16 = 0x01
    /// Relative axes.
    public static let EV_REL: UInt16 = 0x02
    /// Absolute axes.
    public static let EV_ABS: UInt16 = 0x03
    /// Miscellaneous (MSC_TIMESTAMP).
    public static let EV_MSC: UInt16 = 0x04
    /// Highest event type.
    public static let EV_MAX: UInt16 = 0x1f
    /// The device's own time of a frame, in microseconds (libinput reads it on touchpads).
    public static let MSC_TIMESTAMP: UInt16 = 0x05

    // EV_SYN codes
    /// End of a frame.
    public static let SYN_REPORT: UInt16 = 0
    /// End of one contact in multitouch protocol A.
    public static let SYN_MT_REPORT: UInt16 = 2
    /// The kernel's buffer overflowed; events were lost.
    public static let SYN_DROPPED: UInt16 = 3

    // EV_KEY codes
    /// Left button (a clickpad's click).
    public static let BTN_LEFT: UInt16 = 0x110
    /// One finger (touchpads).
    public static let BTN_TOOL_FINGER: UInt16 = 0x145
    /// Five fingers.
    public static let BTN_TOOL_QUINTTAP: UInt16 = 0x148
    /// Something touches the surface.
    public static let BTN_TOUCH: UInt16 = 0x14a
    /// Two fingers.
    public static let BTN_TOOL_DOUBLETAP: UInt16 = 0x14d
    /// Three fingers.
    public static let BTN_TOOL_TRIPLETAP: UInt16 = 0x14e
    /// Four fingers.
    public static let BTN_TOOL_QUADTAP: UInt16 = 0x14f

    // EV_ABS codes
    /// Single-touch x.
    public static let ABS_X: UInt16 = 0x00
    /// Single-touch y.
    public static let ABS_Y: UInt16 = 0x01
    /// Single-touch pressure.
    public static let ABS_PRESSURE: UInt16 = 0x18
    /// The slot the following ABS_MT events are for (protocol B).
    public static let ABS_MT_SLOT: UInt16 = 0x2f
    /// Contact ellipse major axis.
    public static let ABS_MT_TOUCH_MAJOR: UInt16 = 0x30
    /// Contact ellipse minor axis.
    public static let ABS_MT_TOUCH_MINOR: UInt16 = 0x31
    /// Contact x.
    public static let ABS_MT_POSITION_X: UInt16 = 0x35
    /// Contact y.
    public static let ABS_MT_POSITION_Y: UInt16 = 0x36
    /// Tool type (finger, pen, palm).
    public static let ABS_MT_TOOL_TYPE: UInt16 = 0x37
    /// ABS_MT_TOOL_TYPE: a finger (the only tool that is a touch).
    public static let MT_TOOL_FINGER: Int32 = 0x00
    /// ABS_MT_TOOL_TYPE: a pen on the touch surface.
    public static let MT_TOOL_PEN: Int32 = 0x01
    /// ABS_MT_TOOL_TYPE: a palm, as the firmware judges it.
    public static let MT_TOOL_PALM: Int32 = 0x02
    /// ABS_MT_TOOL_TYPE: a dial placed on the surface.
    public static let MT_TOOL_DIAL: Int32 = 0x0a
    /// Contact identity; -1 ends the contact in its slot.
    public static let ABS_MT_TRACKING_ID: UInt16 = 0x39
    /// Contact pressure.
    public static let ABS_MT_PRESSURE: UInt16 = 0x3a

    // Properties
    /// Needs a pointer (touchpads).
    public static let INPUT_PROP_POINTER: UInt16 = 0x00
    /// Direct input device (touchscreens).
    public static let INPUT_PROP_DIRECT: UInt16 = 0x01
    /// The touchpad is also a button (clickpad).
    public static let INPUT_PROP_BUTTONPAD: UInt16 = 0x02
    /// Only the bounding box of the contacts is known.
    public static let INPUT_PROP_SEMI_MT: UInt16 = 0x03
    /// Software buttons along the top of the touchpad (Lenovo *40 series).
    public static let INPUT_PROP_TOPBUTTONPAD: UInt16 = 0x04

    // Buses
    /// USB.
    public static let BUS_USB: UInt16 = 0x03
    /// Bluetooth.
    public static let BUS_BLUETOOTH: UInt16 = 0x05

    /// The first and last `ABS_MT_*` codes (`ABS_MT_SLOT` … `ABS_MT_TOOL_Y`), the axes the kernel
    /// keeps per slot.
    public static let ABS_MT_FIRST: UInt16 = 0x2f
    /// The last `ABS_MT_*` code.
    public static let ABS_MT_LAST: UInt16 = 0x3d

    /// Whether `code` is one of the per-slot `ABS_MT_*` axes (or `ABS_MT_SLOT`).
    public static func isMultitouchAxis(_ code: UInt16) -> Bool { code >= ABS_MT_FIRST && code <= ABS_MT_LAST }

    /// Fingers counted by each BTN_TOOL_* key.
    public static func fingerCount(ofTool code: UInt16) -> Int? {
        switch code {
        case BTN_TOOL_FINGER: 1
        case BTN_TOOL_DOUBLETAP: 2
        case BTN_TOOL_TRIPLETAP: 3
        case BTN_TOOL_QUADTAP: 4
        case BTN_TOOL_QUINTTAP: 5
        default: nil
        }
    }

    /// The BTN_TOOL_* key that counts `fingers` (1…5).
    public static func tool(countingFingers fingers: Int) -> UInt16? {
        [BTN_TOOL_FINGER, BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP, BTN_TOOL_QUADTAP, BTN_TOOL_QUINTTAP].first { fingerCount(ofTool: $0) == fingers }
    }

    /// `EV_ABS`-style name of a type, or its number.
    public static func typeName(_ type: UInt16) -> String {
        switch type {
        case EV_SYN: "EV_SYN"
        case EV_KEY: "EV_KEY"
        case EV_REL: "EV_REL"
        case EV_ABS: "EV_ABS"
        case EV_MSC: "EV_MSC"
        default: "EV_\(type)"
        }
    }

    /// Name of a code, or its number in hex.
    public static func codeName(type: UInt16, code: UInt16) -> String {
        let names: [UInt16: String] = switch type {
        case EV_SYN: [SYN_REPORT: "SYN_REPORT", SYN_MT_REPORT: "SYN_MT_REPORT", SYN_DROPPED: "SYN_DROPPED"]
        case EV_KEY: [
            BTN_LEFT: "BTN_LEFT", BTN_TOUCH: "BTN_TOUCH", BTN_TOOL_FINGER: "BTN_TOOL_FINGER",
            BTN_TOOL_DOUBLETAP: "BTN_TOOL_DOUBLETAP", BTN_TOOL_TRIPLETAP: "BTN_TOOL_TRIPLETAP",
            BTN_TOOL_QUADTAP: "BTN_TOOL_QUADTAP", BTN_TOOL_QUINTTAP: "BTN_TOOL_QUINTTAP",
        ]
        case EV_ABS: [
            ABS_X: "ABS_X", ABS_Y: "ABS_Y", ABS_PRESSURE: "ABS_PRESSURE", ABS_MT_SLOT: "ABS_MT_SLOT",
            ABS_MT_TOUCH_MAJOR: "ABS_MT_TOUCH_MAJOR", ABS_MT_TOUCH_MINOR: "ABS_MT_TOUCH_MINOR",
            ABS_MT_POSITION_X: "ABS_MT_POSITION_X", ABS_MT_POSITION_Y: "ABS_MT_POSITION_Y",
            ABS_MT_TOOL_TYPE: "ABS_MT_TOOL_TYPE", ABS_MT_TRACKING_ID: "ABS_MT_TRACKING_ID",
            ABS_MT_PRESSURE: "ABS_MT_PRESSURE",
        ]
        case EV_MSC: [MSC_TIMESTAMP: "MSC_TIMESTAMP"]
        default: [:]
        }
        return names[code] ?? "0x" + String(code, radix: 16)
    }
}
