@testable import Evdev
import GestureCore
import Testing

/// Issue 52: a touchscreen's usual frame — the fingers of the last one, moving — is built
/// straight from the slots (``MultitouchDecoder/steadyFrame(into:)``). Every frame must equal
/// the one the general path builds: recordings of real touchscreens, and the frames that must
/// leave the shortcut (a touch beginning or ending, a tool that is no finger, one tracking id
/// on two slots, a slot outside the array, a loss of events).
@Suite struct MultitouchDecoderSteadyFrameTests {
    /// The frames of `events` decoded with the shortcut and without it.
    static func bothWays(_ description: DeviceDescription, _ events: [InputEvent]) -> (steady: [TouchFrame], general: [TouchFrame]) {
        var steady = MultitouchDecoder(device: DeviceID(1), description: description)
        var general = MultitouchDecoder(device: DeviceID(1), description: description)
        general.buildsSteadyFramesFromSlots = false
        return (events.compactMap { steady.feed($0) }, events.compactMap { general.feed($0) })
    }

    @Test(arguments: [
        "real/ts-wacom-dth2242-10finger.evemu", "real/ts-atmel-maxtouch-4finger-drag-down.evemu",
        "real/ts-atmel-maxtouch-2finger-touch-release.evemu", "real/ts-dell-canvas-multifinger-pinch.evemu",
        "real/ts-atmel-maxtouch-1finger-fast-taps.evemu",
    ])
    func recordedTouchscreensDecodeTheSameEitherWay(_ fixture: String) throws {
        let recording = try Recording.read(try FixtureFiles.text(fixture), file: fixture)
        let device = try #require(recording.devices.first)
        let decoder = MultitouchDecoder(device: DeviceID(1), description: device.description)
        #expect(decoder.buildsSteadyFramesFromSlots, "a touchscreen with slots takes the shortcut")
        let (steady, general) = Self.bothWays(device.description, device.events)
        #expect(steady.count > 10)
        #expect(steady == general)
    }

    @Test func framesThatLeaveTheShortcutDecodeTheSameEitherWay() {
        var s = DecoderScript(Devices.touchscreen)
        s.slot(0, id: 10, x: 100, y: 100)
        s.slot(1, id: 11, x: 200, y: 200)
        s.syn()
        s.slot(0, x: 110)
        s.syn()  // steady: both move or stay
        s.syn()  // steady: nothing moved
        s.slot(2, id: 12, x: 300, y: 300)
        s.syn()  // began
        s.slot(1, id: -1)
        s.syn()  // ended
        s.slot(0, id: 12)
        s.syn()  // one tracking id on two slots
        s.slot(0, x: 120)
        s.syn()
        s.slot(0, id: 13)
        s.abs(EventCode.ABS_MT_TOOL_TYPE, EventCode.MT_TOOL_PALM)
        s.syn()  // no finger: cancelled
        s.slot(300, id: 14, x: 400, y: 400)
        s.syn()  // a slot outside the array
        s.slot(2, x: 320)
        s.syn()
        s.dropped()
        s.slot(2, x: 330)
        s.syn()  // a loss: everything cancelled, held over
        s.slot(2, id: -1)
        s.slot(3, id: 15, x: 500, y: 500)
        s.syn()
        s.slot(3, x: 510)
        s.syn()
        let events = s.events
        let (steady, general) = Self.bothWays(Devices.touchscreen, events)
        #expect(steady.count >= 12)
        #expect(steady == general)
        #expect(steady == s.frames, "and as the script's own decoder saw them")
    }
}
