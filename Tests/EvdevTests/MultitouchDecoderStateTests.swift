import Evdev
import GestureCore
import Testing

/// Issue 33: the decoder starts from the device's state (``DeviceState``) when a node is opened
/// and after events were lost. The kernel passes an axis on only when it changed, so a touch
/// whose y equals its slot's last y carries no ABS_MT_POSITION_Y at all.
@Suite struct MultitouchDecoderStateTests {
    /// The case: the screen was last touched at y = 80 mm before gestured opened it; the
    /// next touch, an edge swipe from the left edge at the same y, sends no y.
    static let touchedBefore = DeviceState(
        slots: [0: [EventCode.ABS_MT_TRACKING_ID: -1, EventCode.ABS_MT_POSITION_X: 150, EventCode.ABS_MT_POSITION_Y: 400]],
        axes: [EventCode.ABS_X: 150, EventCode.ABS_Y: 400])

    @Test func aTouchThatOmitsAnUnchangedAxisStandsAtTheStatesValue() throws {
        var s = DecoderScript(Devices.touchscreen)
        #expect(s.decoder.restart(from: Self.touchedBefore, at: s.time) == nil, "nothing was live")
        s.slot(0, id: 7, x: 5)  // no ABS_MT_SLOT needed either: slot 0 is current
        let synced = s.syn()
        let frame = try #require(synced)
        #expect(frame.summary == ["7:began"])
        #expect(frame.contacts[0].position == Point(x: 0.5, y: 40))
    }

    /// What the issue saw: without the state, the same events put the touch on the top edge.
    @Test func withoutTheStateTheSameEventsLandOnTheTopEdge() throws {
        var s = DecoderScript(Devices.touchscreen)
        s.slot(0, id: 7, x: 5)
        let synced = s.syn()
        let frame = try #require(synced)
        #expect(frame.contacts[0].position == Point(x: 0.5, y: 0))
    }

    @Test func theCurrentSlotComesFromTheState() throws {
        var s = DecoderScript(Devices.touchscreen)
        var state = Self.touchedBefore
        state.currentSlot = 2
        state.slots[2] = [EventCode.ABS_MT_TRACKING_ID: -1, EventCode.ABS_MT_POSITION_X: 600, EventCode.ABS_MT_POSITION_Y: 300]
        _ = s.decoder.restart(from: state, at: s.time)
        // The kernel omits ABS_MT_SLOT when the slot did not change.
        s.abs(EventCode.ABS_MT_TRACKING_ID, 9)
        s.abs(EventCode.ABS_MT_POSITION_X, 610)
        let synced = s.syn()
        let frame = try #require(synced)
        #expect(frame.summary == ["9:began"])
        #expect(frame.contacts[0].position == Point(x: 61, y: 30))
    }

    /// A touch down at open is not a new touch: never reported, however it moves; its slot's
    /// next contact is.
    @Test func aTouchDownAtOpenIsHeldOverUntilItLifts() throws {
        var s = DecoderScript(Devices.touchscreen)
        let state = DeviceState(
            slots: [
                0: [EventCode.ABS_MT_TRACKING_ID: 5, EventCode.ABS_MT_POSITION_X: 100, EventCode.ABS_MT_POSITION_Y: 100],
                1: [EventCode.ABS_MT_TRACKING_ID: -1],
            ],
            keysDown: [EventCode.BTN_TOUCH])
        #expect(s.decoder.restart(from: state, at: s.time) == nil)
        s.slot(0, x: 150)
        #expect(s.syn() == nil, "the touch from before moves: still not a touch")
        s.slot(1, id: 6, x: 300, y: 200)
        #expect(s.syn()?.summary == ["6:began"], "a touch that began after the open is one")
        s.slot(0, id: -1)
        #expect(s.syn()?.summary == ["6:stationary"], "the held-over touch lifts without a word")
        s.slot(0, id: 8, x: 160)
        let synced = s.syn()
        let frame = try #require(synced)
        #expect(frame.summary == ["6:stationary", "8:began"])
        #expect(frame.contacts.first { $0.id == 8 }?.position == Point(x: 16, y: 10))
    }

    /// A SYN_DROPPED on a live node: the source stops at it and reads the kernel's state, which
    /// already holds what the lost events did (here slot 0 lifted and slot 1 moved).
    @Test func afterALossTheKernelsStateReplacesTheDecoders() throws {
        var s = DecoderScript(Devices.touchscreen)
        s.slot(0, id: 5, x: 100, y: 100)
        s.slot(1, id: 6, x: 300, y: 100)
        s.syn()
        var frames: [TouchFrame] = []
        let lost = Self.records([(EventCode.EV_SYN, EventCode.SYN_DROPPED, 0), (EventCode.EV_ABS, EventCode.ABS_MT_POSITION_X, 999)], at: s.time)
            .withUnsafeBytes { s.decoder.feed(records: $0, into: &frames, stoppingAtLoss: true) }
        #expect(lost == s.time, "stops at the SYN_DROPPED; the record after it is left unread")
        #expect(frames.isEmpty)
        let kernel = DeviceState(
            slots: [
                0: [EventCode.ABS_MT_TRACKING_ID: -1, EventCode.ABS_MT_POSITION_X: 100, EventCode.ABS_MT_POSITION_Y: 100],
                1: [EventCode.ABS_MT_TRACKING_ID: 6, EventCode.ABS_MT_POSITION_X: 350, EventCode.ABS_MT_POSITION_Y: 120],
            ],
            currentSlot: 1, keysDown: [EventCode.BTN_TOUCH])
        #expect(s.decoder.restart(from: kernel, at: lost!)?.summary == ["5:cancelled", "6:cancelled"])
        s.abs(EventCode.ABS_MT_POSITION_X, 360)  // slot 1, current in the kernel
        #expect(s.syn() == nil, "slot 1's finger was cancelled and is still down")
        s.slot(0, id: 7, x: 110)
        let synced = s.syn()
        let frame = try #require(synced)
        #expect(frame.summary == ["7:began"])
        #expect(frame.contacts[0].position == Point(x: 11, y: 10))
    }

    /// Open and loss are one mechanism: restarting from the decoder's own view changes nothing
    /// a restart from the same state read elsewhere would not.
    @Test func theDecodersOwnStateRestartsItAsTheSameStateDoes() {
        var a = DecoderScript(Devices.touchscreen)
        a.slot(0, id: 5, x: 100, y: 100)
        a.slot(2, id: 6, x: 300, y: 200)
        a.syn()
        var b = DecoderScript(Devices.touchscreen)
        _ = b.decoder.restart(from: a.decoder.state, at: b.time)
        _ = a.decoder.restart(from: nil, at: a.time)
        #expect(a.decoder.state == b.decoder.state)
        for script in [a, b] {
            var s = script
            s.slot(2, x: 320)
            s.slot(1, id: 9, x: 500)
            #expect(s.syn()?.summary == ["9:began"])
        }
    }

    @Test func aSingleTouchDeviceTouchedAtOpenCountsAgainOnceItLifts() throws {
        var s = DecoderScript(Devices.singleTouch)
        let state = DeviceState(axes: [EventCode.ABS_X: 200, EventCode.ABS_Y: 300], keysDown: [EventCode.BTN_TOUCH])
        _ = s.decoder.restart(from: state, at: s.time)
        s.abs(EventCode.ABS_X, 210)
        #expect(s.syn() == nil)
        s.key(EventCode.BTN_TOUCH, 0)
        #expect(s.syn() == nil)
        s.key(EventCode.BTN_TOUCH, 1)
        s.abs(EventCode.ABS_X, 400)  // the same y: no ABS_Y
        let synced = s.syn()
        let frame = try #require(synced)
        #expect(frame.summary == ["0:began"])
        #expect(frame.contacts[0].position == Point(x: 40, y: 30))
    }

    @Test func aProtocolADeviceTouchedAtOpenCountsAgainOnceEverythingLifted() {
        var s = DecoderScript(Devices.protocolA)
        _ = s.decoder.restart(from: DeviceState(keysDown: [EventCode.BTN_TOUCH]), at: s.time)
        s.mtReport(x: 100, y: 100)
        #expect(s.syn() == nil)
        s.key(EventCode.BTN_TOUCH, 0)
        #expect(s.syn() == nil)
        s.key(EventCode.BTN_TOUCH, 1)
        s.mtReport(x: 200, y: 100)
        #expect(s.syn()?.contacts.map(\.phase) == [.began])
    }

    /// BTN_TOOL_* keys are read too: a two-slot pad with three fingers resting at open counts
    /// them as that hand's, not as fake fingers beside a new touch.
    @Test func fingersCountedAtOpenAreTheHandsThatWasDown() {
        var s = DecoderScript(Devices.twoSlotPad)
        let state = DeviceState(
            slots: [
                0: [EventCode.ABS_MT_TRACKING_ID: 1, EventCode.ABS_MT_POSITION_X: 300, EventCode.ABS_MT_POSITION_Y: 300],
                1: [EventCode.ABS_MT_TRACKING_ID: 2, EventCode.ABS_MT_POSITION_X: 400, EventCode.ABS_MT_POSITION_Y: 300],
            ],
            keysDown: [EventCode.BTN_TOUCH, EventCode.BTN_TOOL_TRIPLETAP])
        _ = s.decoder.restart(from: state, at: s.time)
        #expect(s.decoder.state.keysDown == [EventCode.BTN_TOUCH, EventCode.BTN_TOOL_TRIPLETAP])
        s.slot(0, x: 320)
        s.slot(1, x: 420)
        #expect(s.syn() == nil)
        s.slot(0, id: -1)
        s.slot(1, id: -1)
        s.key(EventCode.BTN_TOOL_TRIPLETAP, 0)
        s.key(EventCode.BTN_TOUCH, 0)
        #expect(s.syn() == nil)
        s.slot(0, id: 3, x: 500)
        s.key(EventCode.BTN_TOUCH, 1)
        s.key(EventCode.BTN_TOOL_FINGER, 1)
        #expect(s.syn()?.summary == ["3:began"])
    }

    /// `input_event` records as the node gives them.
    static func records(_ events: [(UInt16, UInt16, Int32)], at time: Timestamp) -> [UInt8] {
        var bytes: [UInt8] = []
        for (type, code, value) in events {
            withUnsafeBytes(of: time.microseconds / 1_000_000) { bytes += $0 }
            withUnsafeBytes(of: time.microseconds % 1_000_000) { bytes += $0 }
            withUnsafeBytes(of: type) { bytes += $0 }
            withUnsafeBytes(of: code) { bytes += $0 }
            withUnsafeBytes(of: value) { bytes += $0 }
        }
        return bytes
    }
}
