import Foundation
import GestureCore
import Testing

@testable import Evdev

/// evtest output, as users paste it into bug reports (issue 23): read like the other formats.
@Suite struct EvtestParserTests {
    /// The converted captures in Fixtures/evtest hold their evemu originals' device and events.
    @Test(arguments: [
        ("ts-atmel-maxtouch-1finger-fast-taps", nil), ("tp-synaptics-2finger-vert-scroll", "real/tp-synaptics.desc.evemu"),
    ] as [(String, String?)])
    func aCaptureReadsAsItsEvemuOriginal(_ name: String, _ desc: String?) throws {
        let evtest = try Recording.read(try FixtureFiles.text("evtest/\(name).evtest"), file: name)
        let evemu = try Recording.read(
            try FixtureFiles.text("real/\(name).evemu"), file: name, description: try desc.map { (try FixtureFiles.text($0), $0) })
        #expect(evtest.format == .evtest)
        let (a, b) = (try #require(evtest.devices.first), try #require(evemu.devices.first))
        #expect(a.description == b.description)
        #expect(a.events == b.events)
    }

    @Test func syncLinesAndHexScanCodesAndTheTalkAround() throws {
        let text = """
            No device specified, trying to scan all of /dev/input/event*
            Available devices:
            /dev/input/event0:\tPower Button
            /dev/input/event5:\tELAN Touchscreen
            Select the device event number [0-5]: 5
            Input driver version is 1.0.1
            Input device ID: bus 0x18 vendor 0x4f3 product 0x2b7c version 0x100
            Input device name: "ELAN Touchscreen"
            Supported events:
              Event type 0 (EV_SYN)
              Event type 3 (EV_ABS)
                Event code 53 (ABS_MT_POSITION_X)
                  Value      0
                  Min        0
                  Max     3200
                  Fuzz       0
                  Flat       0
                  Resolution      12
                Event code 54 (ABS_MT_POSITION_Y)
                  Value      0
                  Min        0
                  Max     2000
                  Resolution      12
              Event type 4 (EV_MSC)
                Event code 4 (MSC_SCAN)
            Properties:
              Property type 1 (INPUT_PROP_DIRECT)
            Testing ... (interrupt to exit)
            Event: time 1700000000.000100, type 4 (EV_MSC), code 4 (MSC_SCAN), value 90001
            Event: time 1700000000.000100, type 3 (EV_ABS), code 53 (ABS_MT_POSITION_X), value 1600
            Event: time 1700000000.000100, ++++++++++++++ SYN_MT_REPORT ++++++++++++
            Event: time 1700000000.000100, -------------- SYN_REPORT ------------
            Event: time 1700000000.008100, >>>>>>>>>>>>>> SYN_DROPPED <<<<<<<<<<<<
            >>>>>>>>>>>>>> SYN_DROPPED <<<<<<<<<<<<
            """
        let recording = try Recording.read(text, file: "paste")
        let device = try #require(recording.devices.first)
        #expect(device.description.name == "ELAN Touchscreen")
        #expect(device.description.vendor == 0x4f3 && device.description.product == 0x2b7c)
        #expect(device.description.kind == .touchscreen)
        #expect(device.description.absinfo[EventCode.ABS_MT_POSITION_X] == AbsInfo(minimum: 0, maximum: 3200, resolution: 12))
        #expect(device.events.map { "\($0.type) \($0.code) \($0.value)" } == ["4 4 589825", "3 53 1600", "0 2 0", "0 0 0", "0 3 0", "0 3 0"])
        #expect(device.lines == [29, 30, 31, 32, 33, 34])
    }

    @Test func aMalformedEventLineIsNamedWithItsLine() {
        let text = "Input device name: \"x\"\nSupported events:\nEvent: time 1.000000, type 3 (EV_ABS), code 53 (ABS_MT_POSITION_X), value lots\n"
        #expect(throws: RecordingError(
            file: "f", line: 3,
            "expected evtest's `Event: time <seconds>.<microseconds>, type <n> (<NAME>), code <n> (<NAME>), value <n>`, found `Event: time 1.000000, type 3 (EV_ABS), code 53 (ABS_MT_POSITION_X), value lots`")) {
            try Recording.read(text, file: "f")
        }
        #expect(throws: RecordingError.self) { try Recording.read("Input driver version is 1.0.1\nTesting ... (interrupt to exit)\n", file: "f") }
        #expect(throws: RecordingError(file: "f", line: 3, "expected `Max <n>` under an absolute axis's `Event code` line, found `Max 99999999999`")) {
            try Recording.read("Input device name: \"x\"\n  Event type 3 (EV_ABS)\n      Max 99999999999\n", file: "f")
        }
    }
}
