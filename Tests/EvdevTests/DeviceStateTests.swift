import Evdev
import GestureCore
import Testing

/// The state a recording's description gives: the `Value` comments evemu-record and libinput
/// record write for each axis.
@Suite struct DeviceStateTests {
    @Test func evemuCommentsGiveTheCurrentSlotAndTheSingleTouchAxes() throws {
        let recording = try Recording.read(try FixtureFiles.text("real/ts-atmel-maxtouch-4finger-drag-down.evemu"), file: "drag.evemu")
        let state = try #require(recording.devices[0].initialState)
        #expect(state.currentSlot == 3)
        #expect(state.axes[EventCode.ABS_X] == 133)
        #expect(state.axes[EventCode.ABS_Y] == 384)
        #expect(state.slots.isEmpty, "the kernel keeps no per-slot value in these comments")
        #expect(!state.hasContactDown)
    }

    @Test func libinputRecordCommentsGiveEachDevicesState() throws {
        let text = """
            version: 1
            ndevices: 1
            libinput:
              version: "1.22.1"
            devices:
            - node: /dev/input/event5
              evdev:
                # Name: Some Touchscreen
                # ID: bus 0x18 vendor 0x1234 product 0x01 version 0x01
                # Supported Events:
                # Event type 0 (EV_SYN)
                # Event type 3 (EV_ABS)
                #   Event code 0 (ABS_X)
                #       Value         150
                #       Min             0
                #   Event code 1 (ABS_Y)
                #       Value         800
                #   Event code 47 (ABS_MT_SLOT)
                #       Value           1
                #   Event code 53 (ABS_MT_POSITION_X)
                #       Value           0
                name: "Some Touchscreen"
                id: [24, 4660, 1, 1]
                codes:
                  0: [0, 1, 2] # EV_SYN
                  3: [0, 1, 47, 53, 54, 57] # EV_ABS
                absinfo:
                  0: [0, 2936, 0, 0, 10]
                  1: [0, 1652, 0, 0, 10]
                  47: [0, 9, 0, 0, 0]
                  53: [0, 2936, 0, 0, 10]
                  54: [0, 1652, 0, 0, 10]
                  57: [0, 65535, 0, 0, 0]
                properties: [1]
              events:
              - evdev:
                - [  0,      0,   3,  57,     4] # EV_ABS / ABS_MT_TRACKING_ID     4
                - [  0,      0,   3,  53,    10] # EV_ABS / ABS_MT_POSITION_X    10
                - [  0,      0,   0,   0,     0] # ------------ SYN_REPORT (0) ---------- +0ms
            """
        let recording = try Recording.read(text, file: "screen.yml")
        let state = try #require(recording.devices[0].initialState)
        #expect(state == DeviceState(currentSlot: 1, axes: [EventCode.ABS_X: 150, EventCode.ABS_Y: 800]))
    }

    @Test func aDescriptionWithoutValuesGivesNoState() throws {
        #expect(DeviceState.described(by: ["# Event type 3 (EV_ABS)", "#   Event code 0 (ABS_X)", "#       Min 0"]) == nil)
        // A `Value` under a key code (EV_KEY has none, EV_LED and EV_SW say `State`) is not an axis.
        #expect(DeviceState.described(by: ["# Event type 1 (EV_KEY)", "#   Event code 330 (BTN_TOUCH)", "#       Value 1"]) == nil)
    }
}
