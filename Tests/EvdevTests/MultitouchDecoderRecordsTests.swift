import Evdev
import GestureCore
import Testing

/// The live path reads a node's bytes (`struct input_event` records) and decodes them with
/// ``MultitouchDecoder/feed(records:into:)``: the same frames as the recording's events fed
/// one by one, however the reads split the records, and through a SYN_DROPPED.
@Suite struct MultitouchDecoderRecordsTests {
    /// The records of `events`, as the kernel writes them on 64-bit Linux.
    static func records(_ events: [InputEvent]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(events.count * MultitouchDecoder.recordSize)
        for event in events {
            let seconds = event.time.microseconds / 1_000_000, microseconds = event.time.microseconds % 1_000_000
            withUnsafeBytes(of: seconds.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: microseconds.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: event.type.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: event.code.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: event.value.littleEndian) { bytes += $0 }
        }
        return bytes
    }

    @Test(arguments: [
        "real/ts-wacom-dth2242-10finger.evemu", "real/tp-alps-glidepoint-semimt-2finger-tap.evemu",
        "real/tp-apple-bcm5974-3finger-click-typeA.evemu", "real/ts-atmel-maxtouch-4finger-drag-down.evemu",
    ])
    func recordsDecodeAsEvents(_ fixture: String) throws {
        let recording = try Recording.read(try FixtureFiles.text(fixture), file: fixture)
        var device = try #require(recording.devices.first)
        var events = device.events
        // A SYN_DROPPED a third of the way through: dropped to the next SYN_REPORT either way.
        events.insert(InputEvent(time: events[events.count / 3].time, type: EventCode.EV_SYN, code: EventCode.SYN_DROPPED, value: 0), at: events.count / 3)
        let rules = TouchpadRules.forDevice(&device.description, quirks: DeviceQuirks(), udevProperties: [:])
        var oneByOne = MultitouchDecoder(device: DeviceID(1), description: device.description, touchpad: rules)
        let expected = events.compactMap { oneByOne.feed($0) }
        #expect(!expected.isEmpty)
        let bytes = Self.records(events)
        // Reads of 1, 7 and 170 records (the daemon's buffer), and all at once.
        for perRead in [1, 7, 170, events.count] {
            var decoder = MultitouchDecoder(device: DeviceID(1), description: device.description, touchpad: rules)
            var frames: [TouchFrame] = []
            let step = perRead * MultitouchDecoder.recordSize
            bytes.withUnsafeBytes { all in
                var start = 0
                while start < all.count {
                    let end = min(start + step, all.count)
                    decoder.feed(records: UnsafeRawBufferPointer(rebasing: all[start..<end]), into: &frames)
                    start = end
                }
            }
            #expect(frames == expected, "\(perRead) records per read")
        }
    }
}
