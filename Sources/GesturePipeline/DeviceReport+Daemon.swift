import Evdev
import GestureCore
import GestureWire

/// `gesturectl devices --config FILE` beside a running daemon: which gestures FILE gives each
/// device the daemon reports (`hello`'s devices), judged by the rules a recording of the device
/// is judged by (``ConfiguredDevices``), from what the daemon says of it: its kind, its name,
/// its size as it reports positions and its slots — not whether a touchpad is semi-multitouch,
/// nor how many fingers it counts past its slots (a recording's description says both).
extension DeviceReport {
    /// A reported device's gestures under `config`, and those left out (a line each).
    public static func gestureLines(daemonDevice device: JSONValue, config: GestureConfig) -> [String] {
        guard let description = description(ofReported: device) else { return ["  gestures: not judged (the daemon did not say its kind and size)"] }
        let configured = ConfiguredDevices(config: config).add(DeviceID(1), description: description)
        return gestureLines(configured.bindings)
    }

    /// A description with what the daemon says of a device: a surface of its size in
    /// hundredths of a millimetre, its slots, and what makes a device of its kind one.
    static func description(ofReported device: JSONValue) -> DeviceDescription? {
        guard let name = device["name"]?.stringValue, let kind = device["kind"]?.stringValue.flatMap(DeviceKind.init(rawValue:)),
            let width = device["size"]?["width"]?.doubleValue, let height = device["size"]?["height"]?.doubleValue, width > 0, height > 0
        else { return nil }
        // 0 slots: protocol A (contacts without slots).
        let slots = max(0, Int(device["slots"]?.intValue ?? 0))
        let x = AbsInfo(minimum: 0, maximum: Int32(clamping: Int((width * 100).rounded())), resolution: 100)
        let y = AbsInfo(minimum: 0, maximum: Int32(clamping: Int((height * 100).rounded())), resolution: 100)
        var description = DeviceDescription(name: name)
        description.absinfo = [
            EventCode.ABS_X: x, EventCode.ABS_Y: y, EventCode.ABS_MT_POSITION_X: x, EventCode.ABS_MT_POSITION_Y: y,
            EventCode.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65_535),
        ]
        if slots > 0 { description.absinfo[EventCode.ABS_MT_SLOT] = AbsInfo(minimum: 0, maximum: Int32(clamping: slots - 1)) }
        description.codes[EventCode.EV_ABS] = Set(description.absinfo.keys)
        description.codes[EventCode.EV_KEY] = [EventCode.BTN_TOUCH]
        switch kind {
        case .touchscreen:
            description.properties = [EventCode.INPUT_PROP_DIRECT]
        case .touchpad:
            description.properties = [EventCode.INPUT_PROP_POINTER]
            description.codes[EventCode.EV_KEY]?.insert(EventCode.BTN_TOOL_FINGER)
        case .other:
            return nil
        }
        return description
    }
}
