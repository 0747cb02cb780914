import Evdev
import GestureCore
import GesturePipeline

/// A configuration file's text, loaded and, when it is accepted, attached to an engine with a
/// touchscreen and a semi-MT touchpad, then driven by a short three-finger drag on each. The
/// invariant is the cost: libFuzzer's `-timeout` and `-rss_limit_mb` (set by `make fuzz`)
/// fail any input that takes longer or more memory; an accepted configuration never breaks the
/// limits it documents.
enum ConfigHarness {
    static let screen = DeviceDescription(
        name: "Fuzz Touchscreen", bus: 0x18, properties: [EventCode.INPUT_PROP_DIRECT],
        codes: [EventCode.EV_KEY: [EventCode.BTN_TOUCH]],
        absinfo: [
            EventCode.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 9),
            EventCode.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 2000, resolution: 10),
            EventCode.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            EventCode.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
        ])

    static let semiMultitouchPad = DeviceDescription(
        name: "Fuzz Semi-MT Touchpad", bus: 0x11, properties: [EventCode.INPUT_PROP_POINTER, EventCode.INPUT_PROP_SEMI_MT],
        codes: [EventCode.EV_KEY: [EventCode.BTN_TOUCH, EventCode.BTN_TOOL_FINGER, EventCode.BTN_TOOL_DOUBLETAP, EventCode.BTN_TOOL_TRIPLETAP]],
        absinfo: [
            EventCode.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 1),
            EventCode.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            EventCode.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 600, resolution: 10),
            EventCode.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
        ])

    static func run(_ data: UnsafeRawBufferPointer) {
        let text = String(decoding: data, as: UTF8.self)
        guard let config = try? GestureConfig.parse(text, file: "fuzz.yml") else { return }
        Invariant.check(config.bindings.count <= ConfigLimits.maximumGestures, "\(config.bindings.count) gestures accepted")
        for binding in config.bindings {
            Invariant.check(
                binding.gesture.depth <= ConfigLimits.maximumDepth && binding.gesture.recognizerCount <= ConfigLimits.maximumRecognizers,
                "gesture \(binding.name) over the limits accepted")
        }
        let engine = GestureEngine()
        var time = Timestamp(microseconds: 1_000_000)
        for (index, description) in [screen, semiMultitouchPad].enumerated() {
            let device = DeviceID(UInt32(index + 1))
            let profile = DeviceProfile(description)
            let root = engine.addDevice(device, geometry: profile.geometry)
            _ = DeviceBindings(config: config, engine: engine, device: profile, root: root)
            for step in 0...10 {
                time = time + 0.01
                let phase: TouchPhase = step == 0 ? .began : step == 10 ? .ended : .moved
                let contacts = (0..<3).map { finger in
                    let position = Point(x: 20 + Double(finger) * 10 + Double(step) * 3, y: 30)
                    return Contact(id: Int32(finger), position: position, normalized: Point(x: position.x / 100, y: 0.5), phase: phase)
                }
                _ = engine.feed(TouchFrame(device: device, time: time, contacts: contacts))
            }
            _ = engine.advance(to: time + 2)
            _ = engine.removeDevice(device, at: time + 2)
        }
    }
}
