import Evdev
import GestureCore
import GesturePipeline
import GestureWire
import Testing

/// What `gesturectl record` writes reads back as the same device and events (times from the
/// first event), and the description survives the `record` reply's JSON.
@Suite struct RecordingWriterTests {
    static let pad = DeviceDescription(
        name: "Test \"quoted\" pad", bus: 0x18, vendor: 0x6cb, product: 0xcd7d, version: 0x100, properties: [0, 2],
        codes: [0: [0, 1, 2, 3], 1: [272, 325, 330, 333, 334, 335], 3: [0, 1, 47, 53, 54, 57]],
        absinfo: [
            0: AbsInfo(minimum: 0, maximum: 1000, resolution: 10), 1: AbsInfo(minimum: 0, maximum: 700, resolution: 10),
            47: AbsInfo(minimum: 0, maximum: 4), 53: AbsInfo(minimum: 0, maximum: 1000, fuzz: 8, resolution: 10),
            54: AbsInfo(minimum: 0, maximum: 700, resolution: 10), 57: AbsInfo(minimum: 0, maximum: 65535),
        ])

    static func event(_ us: Int64, _ type: UInt16, _ code: UInt16, _ value: Int32) -> InputEvent {
        InputEvent(time: Timestamp(microseconds: us), type: type, code: code, value: value)
    }

    static let events = [
        event(5_000_000, 3, 47, 0), event(5_000_000, 3, 57, 7), event(5_000_000, 3, 53, 300), event(5_000_000, 3, 54, 200),
        event(5_000_000, 1, 330, 1), event(5_000_000, 0, 0, 0),
        event(5_012_345, 3, 53, 310), event(5_012_345, 0, 0, 0),
        event(6_500_001, 3, 57, -1), event(6_500_001, 1, 330, 0), event(6_500_001, 0, 0, 0),
    ]

    @Test func aRecordingReadsBackAsWritten() throws {
        let writer = RecordingWriter(description: Self.pad, udev: ["ID_INPUT=1", "ID_INPUT_TOUCHPAD=1"], note: "a test")
        let text = writer.text(Self.events + [Self.event(6_600_000, 3, 53, 1)])
        let recording = try Recording.read(text, file: "written.yml")
        #expect(recording.format == .libinputRecord)
        let device = try #require(recording.devices.first)
        #expect(device.description.name == Self.pad.name && device.description.codes == Self.pad.codes)
        #expect(device.description.absinfo == Self.pad.absinfo && device.description.properties == Self.pad.properties)
        #expect([device.description.bus, device.description.vendor, device.description.product, device.description.version] == [0x18, 0x6cb, 0xcd7d, 0x100])
        #expect(device.udevProperties["ID_INPUT_TOUCHPAD"] == "1")
        // Times from the first event; the trailing partial frame left out.
        #expect(device.events.map { $0.time.microseconds } == Self.events.map { $0.time.microseconds - 5_000_000 })
        #expect(device.events.map(\.value) == Self.events.map(\.value))
        #expect(device.events.map(\.code) == Self.events.map(\.code))
    }

    @Test func anEmptyRecordingHasItsHeader() throws {
        let text = RecordingWriter(description: Self.pad, udev: []).text([])
        #expect(text.hasSuffix("  events:\n"))
        #expect(text.contains(#"name: "Test \"quoted\" pad""#))
    }

    @Test func theDescriptionCrossesTheWire() throws {
        let json = DeviceDescriptionJSON.object(Self.pad, udev: ["ID_INPUT=1"])
        let parsed = try JSONParser.parse(json.serialized)
        let (description, udev) = try #require(DeviceDescriptionJSON.description(parsed))
        #expect(description == Self.pad && udev == ["ID_INPUT=1"])
        #expect(DeviceDescriptionJSON.description(.object([("name", "x")])) == nil)
        #expect(DeviceDescriptionJSON.description(try JSONParser.parse(#"{"name":"x","id":[1,2,3,70000],"codes":{},"absinfo":{}}"#)) == nil)
    }
}
