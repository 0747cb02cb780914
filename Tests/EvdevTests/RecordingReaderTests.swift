import Foundation
import Evdev
import GestureCore
import Testing

@Suite struct RecordingReaderTests {
    /// Every real recording, its split description if any, its SYN_REPORT count and most contacts
    /// (from Fixtures/SOURCES.md), and what kind of device it is.
    static let real: [(file: String, desc: String?, frames: Int, kind: DeviceKind, protocol: MultitouchProtocol)] = [
        ("ts-ep0430m09-2finger-scroll.evemu", nil, 98, .touchscreen, .slots),
        ("ts-ep0430m09-4finger-drag.evemu", nil, 104, .touchscreen, .slots),
        ("ts-atmel-maxtouch-1finger-fast-taps.evemu", nil, 18, .touchscreen, .slots),
        ("ts-atmel-maxtouch-1finger-drag-up-down.evemu", nil, 150, .touchscreen, .slots),
        ("ts-atmel-maxtouch-2finger-touch-release.evemu", nil, 16, .touchscreen, .slots),
        ("ts-atmel-maxtouch-4finger-drag-down.evemu", nil, 31, .touchscreen, .slots),
        ("ts-dell-canvas-multifinger-pinch.evemu", nil, 450, .touchscreen, .slots),
        ("ts-wacom-dth2242-10finger.evemu", nil, 2025, .touchscreen, .slots),
        ("ts-ntrig-2finger-touch-release-typeA.evemu", "ts-ntrig.desc.evemu", 219, .touchscreen, .anonymous),
        ("ts-wacom-isdv4-e6-2finger-scroll.evemu", "ts-wacom-isdv4-e6.desc.evemu", 83, .touchscreen, .slots),
        ("ts-wacom-isdv4-e6-2finger-tap.evemu", "ts-wacom-isdv4-e6.desc.evemu", 2, .touchscreen, .slots),
        ("ts-google-pixel-tablet-1finger-swipe.evemu", nil, 26, .touchscreen, .slots),
        ("tp-synaptics-2finger-vert-scroll.evemu", "tp-synaptics.desc.evemu", 82, .touchpad, .slots),
        ("tp-cypress-semimt-2finger-tap.evemu", nil, 8, .touchpad, .slots),
        ("tp-cypress-semimt-3finger-tap.evemu", nil, 6, .touchpad, .slots),
        ("tp-apple-bcm5974-3finger-click-typeA.evemu", nil, 150, .touchpad, .anonymous),
        ("tp-alps-glidepoint-semimt-2finger-tap.evemu", nil, 13, .touchpad, .slots),
        ("tp-wacom-intuos5-2finger-swipe-right.evemu", "tp-wacom-intuos5.desc.evemu", 216, .touchpad, .slots),
    ]

    @Test(arguments: real.indices)
    func readsEveryRealRecording(_ index: Int) throws {
        let fixture = Self.real[index]
        let text = try FixtureFiles.text("real/" + fixture.file)
        let description = try fixture.desc.map { (text: try FixtureFiles.text("real/" + $0), file: $0) }
        let recording = try Recording.read(text, file: fixture.file, description: description)
        #expect(recording.format == .evemu)
        let device = try #require(recording.devices.first)
        let reports = device.events.filter { $0.type == EventCode.EV_SYN && $0.code == EventCode.SYN_REPORT }.count
        #expect(reports == fixture.frames, "\(fixture.file)")
        #expect(device.description.kind == fixture.kind, "\(fixture.file)")
        #expect(device.description.multitouchProtocol == fixture.protocol, "\(fixture.file)")
    }

    @Test func semiMTAndResolutionZeroAreRecognised() throws {
        let cypress = try Recording.read(try FixtureFiles.text("real/tp-cypress-semimt-3finger-tap.evemu"), file: "cypress")
        #expect(cypress.devices[0].description.isSemiMultitouch)
        #expect(cypress.devices[0].description.fingerToolCount == 5, "its header advertises BTN_TOOL_QUINTTAP")
        let atmel = try Recording.read(try FixtureFiles.text("real/ts-atmel-maxtouch-1finger-fast-taps.evemu"), file: "atmel")
        #expect(atmel.devices[0].description.surface.estimated)
        let canvas = try Recording.read(try FixtureFiles.text("real/ts-dell-canvas-multifinger-pinch.evemu"), file: "canvas")
        let surface = canvas.devices[0].description.surface
        #expect(!surface.estimated)
        #expect(abs(surface.width - 595) < 2 && abs(surface.height - 334) < 2, "\(surface)")
    }

    @Test func eventsOnlyEvemuWithoutItsDescriptionSaysWhatIsMissing() throws {
        let text = try FixtureFiles.text("real/ts-ntrig-2finger-touch-release-typeA.evemu")
        #expect {
            try Recording.read(text, file: "ntrig.evemu")
        } throws: { error in
            "\(error)".contains("--device-description")
        }
    }

    @Test func malformedEvemuNamesFileLineAndExpectation() {
        let text = "N: Test\nI: 0003 0001 0002 0003\nE: 0.000001 0003 0035 0042\nE: 0.1 zz 0035 1\n"
        #expect(throws: RecordingError(
            file: "bad.evemu", line: 4,
            "expected `E: <seconds>.<microseconds> <type hex> <code hex> <value>`, found `E: 0.1 zz 0035 1`")
        ) {
            try Recording.read(text, file: "bad.evemu")
        }
        #expect(throws: RecordingError.self) { try Recording.read("N: X\nA: 35 0\n", file: "bad.evemu") }
    }

    static let libinputRecord = """
        # libinput record
        version: 1
        ndevices: 1
        libinput:
          version: "1.22.0"
          git: "unknown"
        system:
          kernel: "6.1.0"
        devices:
          - node: /dev/input/event7
            evdev:
              # Name: Test Touchscreen
              name: "Test Touchscreen"
              id: [24, 1, 2, 3]
              codes:
                0: [0, 1, 2, 3] # EV_SYN
                1: [330] # EV_KEY
                3: [0, 1, 47, 53, 54, 57] # EV_ABS
              absinfo:
                0: [0, 1000, 0, 0, 10]
                1: [0, 500, 0, 0, 10]
                47: [0, 9, 0, 0, 0]
                53: [0, 1000, 0, 0, 10]
                54: [0, 500, 0, 0, 10]
                57: [0, 65535, 0, 0, 0]
              properties: [1]
            udev:
              properties:
              - ID_INPUT=1
            future-key: ignored
            events:
            # Current time is 12:00:00
            - evdev:
              - [  0,      0,   3,  57,     3] # EV_ABS / ABS_MT_TRACKING_ID 3
              - [  0,      0,   3,  53,   100]
              - [  0,      0,   3,  54,   200]
              - [  0,      0,   0,   0,     0] # ------------ SYN_REPORT (0) ---------- +0ms
            - libinput:
              - {type: TOUCH_DOWN, time: 0.0}
            - evdev:
              - [  0,  12000,   3,  57,    -1]
              - [  0,  12000,   0,   0,     0]
        """

    @Test func readsLibinputRecordAndIgnoresWhatItDoesNotNeed() throws {
        let recording = try Recording.read(Self.libinputRecord, file: "touch.yml")
        #expect(recording.format == .libinputRecord)
        let device = try #require(recording.devices.first)
        #expect(device.node == "/dev/input/event7")
        #expect(device.description.name == "Test Touchscreen")
        #expect(device.description.kind == .touchscreen)
        #expect(device.description.slotCount == 10)
        #expect(device.description.surface == DeviceDescription.Surface(width: 100, height: 50, estimated: false))
        #expect(device.events.count == 6)
        #expect(device.events[4] == InputEvent(time: Timestamp(microseconds: 12_000), type: 3, code: 57, value: -1))
    }

    @Test func malformedLibinputRecordNamesTheLine() {
        let wrongEvent = Self.libinputRecord.replacingOccurrences(of: "[  0,  12000,   3,  57,    -1]", with: "[0, 12000, 3]")
        #expect {
            try Recording.read(wrongEvent, file: "touch.yml")
        } throws: { error in
            guard let error = error as? RecordingError else { return false }
            return error.file == "touch.yml" && error.line == 41 && error.message.contains("with 5 numbers")
        }
        let wrongVersion = Self.libinputRecord.replacingOccurrences(of: "version: 1", with: "version: 2")
        #expect(throws: RecordingError.self) { try Recording.read(wrongVersion, file: "touch.yml") }
        let broken = Self.libinputRecord.replacingOccurrences(of: "name: \"Test Touchscreen\"", with: "name: [unclosed")
        #expect {
            try Recording.read(broken, file: "touch.yml")
        } throws: { error in
            (error as? RecordingError)?.line != nil
        }
    }
}
