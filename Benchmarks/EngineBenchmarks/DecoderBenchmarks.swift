import Benchmark
import Evdev
import GestureCore

// The decoder per frame: three fingers moving on a 100 × 70 mm surface, once as a clickpad
// (libinput's palm, thumb and jump rules run on every frame) and once as a touchscreen (no
// rules): the difference is what telling palms and thumbs apart costs.

/// Three fingers sweeping back and forth, one SYN_REPORT per frame, 8 ms apart.
func threeFingerFrames(count: Int) -> [[InputEvent]] {
    (0..<count).map { frame in
        let time = Timestamp(microseconds: Int64(frame) * 8_000)
        var events: [InputEvent] = []
        func add(_ type: UInt16, _ code: UInt16, _ value: Int32) { events.append(InputEvent(time: time, type: type, code: code, value: value)) }
        let sweep = Int32(frame % 200 < 100 ? frame % 100 : 100 - frame % 100) * 3
        for finger in 0..<3 {
            add(EventCode.EV_ABS, EventCode.ABS_MT_SLOT, Int32(finger))
            if frame == 0 { add(EventCode.EV_ABS, EventCode.ABS_MT_TRACKING_ID, Int32(finger + 1)) }
            add(EventCode.EV_ABS, EventCode.ABS_MT_POSITION_X, 300 + Int32(finger) * 150 + sweep)
            add(EventCode.EV_ABS, EventCode.ABS_MT_POSITION_Y, 300 - (finger == 1 ? 30 : 0))
            add(EventCode.EV_ABS, EventCode.ABS_MT_PRESSURE, 60 + Int32(frame % 3))
        }
        add(EventCode.EV_SYN, EventCode.SYN_REPORT, 0)
        return events
    }
}

func surface(_ properties: Set<UInt16>) -> DeviceDescription {
    DeviceDescription(
        name: "Benchmark surface", bus: 0x18, properties: properties,
        codes: [EventCode.EV_ABS: [EventCode.ABS_MT_PRESSURE]],
        absinfo: [
            EventCode.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 4),
            EventCode.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            EventCode.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 700, resolution: 10),
            EventCode.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
            EventCode.ABS_MT_PRESSURE: AbsInfo(minimum: 0, maximum: 255),
        ])
}

func measureDecoder(_ name: String, _ description: DeviceDescription) {
    Benchmark(name) { benchmark in
        let frames = threeFingerFrames(count: 4_000)
        var decoder = MultitouchDecoder(device: DeviceID(1), description: description)
        var index = 0
        var contacts = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            // The first frame again would begin the fingers anew; cycle over the rest.
            index = index + 1 < frames.count ? index + 1 : 1
            for event in frames[index] {
                if let frame = decoder.feed(event) { contacts += frame.contacts.count }
            }
        }
        benchmark.stopMeasurement()
        blackHole(contacts)
    }
}

func decoderBenchmarks() {
    measureDecoder("Decode 3 fingers, clickpad (palm, thumb, jump rules)", surface([EventCode.INPUT_PROP_POINTER, EventCode.INPUT_PROP_BUTTONPAD]))
    measureDecoder("Decode 3 fingers, touchscreen (no rules)", surface([EventCode.INPUT_PROP_DIRECT]))
}
