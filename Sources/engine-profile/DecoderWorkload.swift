#if canImport(Glibc)
import Glibc
#endif
import Evdev
import GestureCore

/// The touchscreen load of the peers benchmark as raw `input_event` records: ten fingers
/// circling together (radius 10 mm, one turn a second) on a 293 × 165 mm screen at 10
/// units/mm, 240 frames a second, each frame one read's worth of records through the
/// decoder the live path uses, as `EvdevTouchSource.take` calls it (`decode`, for
/// `make bench-instructions`).
struct DecoderWorkload {
    static let description = DeviceDescription(
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

    var decoder = MultitouchDecoder(device: DeviceID(1), description: Self.description)
    /// One turn's frames as records, made beforehand (so only decoding is counted): the first
    /// also puts the fingers down; the turn then repeats.
    let turn: [[UInt8]]
    var frames: [TouchFrame] = []
    var index = 0

    init() {
        turn = (0...240).map(Self.records)
    }

    static func records(_ index: Int) -> [UInt8] {
        var records: [UInt8] = []
        func append(_ type: UInt16, _ code: UInt16, _ value: Int32) {
            let time = Int64(index) * 1_000_000 / 240
            withUnsafeBytes(of: time / 1_000_000) { records += $0 }
            withUnsafeBytes(of: time % 1_000_000) { records += $0 }
            withUnsafeBytes(of: type) { records += $0 }
            withUnsafeBytes(of: code) { records += $0 }
            withUnsafeBytes(of: value) { records += $0 }
        }
        let angle = Double(index) / 240 * 2 * Double.pi
        for finger in 0..<10 {
            append(EventCode.EV_ABS, EventCode.ABS_MT_SLOT, Int32(finger))
            if index == 0 { append(EventCode.EV_ABS, EventCode.ABS_MT_TRACKING_ID, Int32(finger + 1)) }
            append(EventCode.EV_ABS, EventCode.ABS_MT_POSITION_X, Int32(300 + finger * 250 + Int(100 * cos(angle))))
            append(EventCode.EV_ABS, EventCode.ABS_MT_POSITION_Y, Int32(800 + Int(100 * sin(angle))))
        }
        append(EventCode.EV_SYN, EventCode.SYN_REPORT, 0)
        return records
    }

    /// Decodes the next frame; returns how many contacts it had.
    mutating func step() -> Int {
        let records = turn[index == 0 ? 0 : 1 + (index - 1) % 240]
        index += 1
        frames.removeAll(keepingCapacity: true)
        // As the live source reads a node: stopping at a SYN_DROPPED (there is none here).
        _ = records.withUnsafeBytes { decoder.feed(records: $0, into: &frames, stoppingAtLoss: true) }
        return frames.first?.contacts.count ?? 0
    }
}
