import Evdev
import GestureCore
import Testing

@Suite struct MultitouchDecoderTests {
    @Test func protocolBFramesInMillimetres() throws {
        var s = DecoderScript(Devices.touchscreen)
        s.slot(0, id: 5, x: 100, y: 200)
        s.slot(1, id: 6, x: 300, y: 200)
        let downFrame = s.syn()
        let down = try #require(downFrame)
        #expect(down.summary == ["5:began", "6:began"])
        #expect(down.contacts.first { $0.id == 5 }?.position == Point(x: 10, y: 20))
        #expect(down.contacts.first { $0.id == 5 }?.normalized == Point(x: 0.1, y: 0.4))
        s.slot(1, x: 350)
        #expect(s.syn()?.summary == ["5:stationary", "6:moved"])
        s.slot(0, id: -1)
        #expect(s.syn()?.summary == ["5:ended", "6:stationary"])
        s.slot(1, id: -1)
        #expect(s.syn()?.summary == ["6:ended"])
        #expect(s.syn() == nil, "an empty frame says nothing")
    }

    /// Slot numbers a device does not advertise, past the array the decoder keeps (256) or
    /// negative (uinput does not check them), are contacts as any other, in slot order, and
    /// move, lift and go through a SYN_DROPPED like the others.
    @Test func slotNumbersFarOutsideTheDevicesRangeAreContactsInSlotOrder() throws {
        var s = DecoderScript(Devices.touchscreen)
        s.slot(300, id: 30, x: 300, y: 100)
        s.slot(1, id: 1, x: 100, y: 100)
        s.slot(-2, id: 2, x: 200, y: 100)
        let downFrame = s.syn()
        let down = try #require(downFrame)
        #expect(down.contacts.map(\.id) == [2, 1, 30])
        #expect(down.contacts.allSatisfy { $0.phase == .began })
        s.slot(300, x: 320)
        s.slot(-2, x: 220)
        #expect(s.syn()?.summary == ["1:stationary", "2:moved", "30:moved"])
        s.slot(300, id: -1)
        #expect(s.syn()?.summary == ["1:stationary", "2:stationary", "30:ended"])
        s.dropped()
        #expect(s.syn()?.summary == ["1:cancelled", "2:cancelled"])
        s.slot(-2, x: 230)
        #expect(s.syn() == nil, "still down after the loss: held over until it lifts")
        s.slot(-2, id: -1)
        s.slot(-2, id: 3, x: 240)
        #expect(s.syn()?.summary == ["3:began"])
    }

    @Test func trackingIDReuseEndsOneContactAndBeginsAnother() {
        var s = DecoderScript(Devices.touchscreen)
        s.slot(0, id: 5, x: 100, y: 100)
        s.syn()
        s.slot(0, id: 9, x: 400, y: 100)  // no -1 in between: the kernel lost the lift
        #expect(s.syn()?.summary == ["5:ended", "9:began"])
    }

    /// Found by `make fuzz` (the decoder harness): two slots with one tracking id gave a frame
    /// with that id twice. The first slot keeps it; the other gets an id of its own, and
    /// both end when their slots do.
    @Test func aTrackingIDInTwoSlotsAtOnceStillGivesDistinctContacts() throws {
        var s = DecoderScript(Devices.touchscreen)
        s.slot(0, id: 5, x: 100, y: 100)
        s.slot(1, id: 5, x: 400, y: 100)
        let downFrame = s.syn()
        let down = try #require(downFrame)
        #expect(Set(down.contacts.map(\.id)).count == 2)
        #expect(down.contacts.allSatisfy { $0.phase == .began })
        #expect(down.contacts.first { $0.position == Point(x: 10, y: 10) }?.id == 5)
        s.slot(1, x: 420)
        let moveFrame = s.syn()
        #expect(try #require(moveFrame).contacts.map(\.phase).sorted { $0.rawValue < $1.rawValue } == [.moved, .stationary])
        s.slot(0, id: -1)
        s.slot(1, id: -1)
        let upFrame = s.syn()
        let up = try #require(upFrame)
        #expect(up.contacts.map(\.phase) == [.ended, .ended])
        #expect(Set(up.contacts.map(\.id)) == Set(down.contacts.map(\.id)))
    }

    /// Issue 11: a contact the firmware marks MT_TOOL_PALM (or a pen) is not a finger. One that
    /// starts as a palm is never reported; a finger that becomes a palm is cancelled, as
    /// libinput cancels it on touchscreens, and stays out while its tracking id lasts, even if
    /// the firmware calls it a finger again; the slot's next contact is judged afresh.
    @Test func palmsAndPensAreNotFingers() {
        var s = DecoderScript(Devices.touchscreen)
        s.slot(0, id: 5, x: 100, y: 100)
        s.abs(EventCode.ABS_MT_TOOL_TYPE, EventCode.MT_TOOL_PALM)
        s.slot(1, id: 6, x: 300, y: 100)
        #expect(s.syn()?.summary == ["6:began"])
        s.slot(0, x: 120)
        #expect(s.syn()?.summary == ["6:stationary"], "a palm moving is no touch")
        s.slot(1, x: 320)
        s.abs(EventCode.ABS_MT_TOOL_TYPE, EventCode.MT_TOOL_PALM)
        #expect(s.syn()?.summary == ["6:cancelled"])
        s.abs(EventCode.ABS_MT_TOOL_TYPE, EventCode.MT_TOOL_FINGER)
        s.slot(1, x: 330)
        #expect(s.syn() == nil, "once a palm, out until it lifts")
        s.slot(1, id: -1)
        s.slot(0, id: -1)
        #expect(s.syn() == nil)
        // The slots' next contacts: slot 1's tool type is a finger now, slot 0's still a palm.
        s.slot(1, id: 7, x: 400, y: 100)
        s.slot(0, id: 8, x: 150, y: 100)
        #expect(s.syn()?.summary == ["7:began"])
        s.slot(0)
        s.abs(EventCode.ABS_MT_TOOL_TYPE, EventCode.MT_TOOL_PEN)
        s.slot(1, x: 410)
        #expect(s.syn()?.summary == ["7:moved"])
    }

    @Test func slotsBeyondTheAdvertisedMaximumAreAccepted() {
        var s = DecoderScript(Devices.touchscreen)  // slots 0…3
        s.slot(7, id: 70, x: 500, y: 250)
        #expect(s.syn()?.summary == ["70:began"])
    }

    /// A recording has no kernel to ask after a SYN_DROPPED: the decoder's own slots stand for
    /// the device's state. Every live contact is cancelled; one still down stays out until it
    /// lifts (a cancelled touch does not come back as a new one halfway through its stroke),
    /// and one that lifted in the gap cannot linger.
    @Test func synDroppedCancelsLiveContactsAndHoldsOverThoseStillDown() {
        var s = DecoderScript(Devices.touchscreen)
        s.slot(0, id: 5, x: 100, y: 100)
        s.slot(1, id: 6, x: 300, y: 100)
        s.syn()
        s.dropped()
        s.slot(0, id: -1)  // lost with the drop
        let resync = s.syn()
        #expect(resync?.summary == ["5:cancelled", "6:cancelled"])
        s.slot(1, x: 310)
        #expect(s.syn() == nil, "slot 1's finger is still the one that was cancelled")
        s.slot(0, id: 8, x: 100)
        let next = s.syn()
        #expect(next?.summary == ["8:began"])
        #expect(next?.contacts.first?.position == Point(x: 10, y: 10), "the slot's y from before the loss stands")
        s.slot(1, id: -1)
        s.slot(1, id: 9, x: 320)
        #expect(s.syn()?.summary == ["8:stationary", "9:began"])
    }

    @Test func protocolAKeepsIdentitiesByNearestNeighbour() throws {
        var s = DecoderScript(Devices.protocolA)
        s.key(EventCode.BTN_TOUCH, 1)
        s.mtReport(x: 100, y: 100)
        s.mtReport(x: 800, y: 100)
        let downFrame = s.syn()
        let down = try #require(downFrame)
        let left = try #require(down.contacts.first { $0.position.x < 50 }?.id)
        let right = try #require(down.contacts.first { $0.position.x > 50 }?.id)
        // Same fingers, reported in the other order and slightly moved.
        s.mtReport(x: 790, y: 110)
        s.mtReport(x: 110, y: 110)
        let movedFrame = s.syn()
        let moved = try #require(movedFrame)
        #expect(moved.contacts.first { $0.position.x < 50 }?.id == left)
        #expect(moved.contacts.first { $0.position.x > 50 }?.id == right)
        #expect(moved.contacts.allSatisfy { $0.phase == .moved })
        // The right finger lifts: the remaining one keeps its identity.
        s.mtReport(x: 120, y: 110)
        let liftedFrame = s.syn()
        let lifted = try #require(liftedFrame)
        #expect(lifted.contacts.first { $0.phase == .ended }?.id == right)
        #expect(lifted.contacts.first { $0.phase == .moved }?.id == left)
        s.key(EventCode.BTN_TOUCH, 0)
        s.send(EventCode.EV_SYN, EventCode.SYN_MT_REPORT, 0)
        #expect(s.syn()?.summary == ["\(left):ended"])
    }

    @Test func singleTouchFollowsButtonTouch() {
        var s = DecoderScript(Devices.singleTouch)
        s.abs(EventCode.ABS_X, 200)
        s.abs(EventCode.ABS_Y, 100)
        #expect(s.syn() == nil, "hovering is not touching")
        s.key(EventCode.BTN_TOUCH, 1)
        #expect(s.syn()?.contacts.map(\.position) == [Point(x: 20, y: 10)])
        s.abs(EventCode.ABS_X, 300)
        #expect(s.syn()?.summary == ["0:moved"])
        s.key(EventCode.BTN_TOUCH, 0)
        #expect(s.syn()?.summary == ["0:ended"])
    }

    @Test func semiMTCountsFingersFromToolKeysAndPutsThemAtTheCentre() throws {
        var s = DecoderScript(Devices.semiMT)
        s.slot(0, id: 1, x: 400, y: 300)
        s.slot(1, id: 2, x: 800, y: 600)
        s.key(EventCode.BTN_TOUCH, 1)
        s.key(EventCode.BTN_TOOL_TRIPLETAP, 1)
        let frameFrame = s.syn()
        let frame = try #require(frameFrame)
        #expect(frame.contacts.count == 3)
        #expect(Set(frame.contacts.map(\.position)) == [Point(x: 600.0 / 16, y: 450.0 / 15)])
        s.key(EventCode.BTN_TOOL_TRIPLETAP, 0)
        s.key(EventCode.BTN_TOOL_DOUBLETAP, 1)
        #expect(s.syn()?.summary == ["0:stationary", "1:stationary", "2:ended"])
    }

    /// Issue 23: a pad with one position counts its other fingers with BTN_TOOL_* keys; they
    /// are contacts at that position (libinput's fake fingers), so a two-finger scroll is two
    /// fingers moving together, not a one-finger drag.
    @Test func aSingleTouchPadsOtherFingersAreFakeFingersAtItsPosition() throws {
        var s = DecoderScript(Devices.singleTouchPad)
        s.abs(EventCode.ABS_X, 3000)
        s.abs(EventCode.ABS_Y, 2000)
        s.key(EventCode.BTN_TOUCH, 1)
        s.key(EventCode.BTN_TOOL_DOUBLETAP, 1)
        let downFrame = s.syn()
        let down = try #require(downFrame)
        #expect(down.contacts.count == 2)
        #expect(Set(down.contacts.map(\.position)).count == 1)
        s.abs(EventCode.ABS_Y, 2300)
        let movedFrame = s.syn()
        let moved = try #require(movedFrame)
        #expect(moved.contacts.map(\.phase) == [.moved, .moved])
        s.key(EventCode.BTN_TOOL_DOUBLETAP, 0)
        s.key(EventCode.BTN_TOUCH, 0)
        #expect(s.syn()?.contacts.map(\.phase) == [.ended, .ended])
    }

    /// The third finger sits on the top-most real one, every frame (libinput's
    /// `tp_position_fake_touches`; issue 35: it sat on the first, in the button area).
    @Test func aTwoSlotPadCountingThreeFingersHasAThirdAtTheTopMostPosition() throws {
        var s = DecoderScript(Devices.twoSlotPad)
        s.slot(0, id: 1, x: 400, y: 320)
        s.slot(1, id: 2, x: 600, y: 300)
        s.key(EventCode.BTN_TOUCH, 1)
        s.key(EventCode.BTN_TOOL_TRIPLETAP, 1)
        let threeFrame = s.syn()
        let frame = try #require(threeFrame)
        #expect(frame.contacts.count == 3)
        #expect(frame.contacts[2].position == frame.contacts[1].position)
        // The first finger moves above the second, 2 mm a frame: the third follows it.
        for y in stride(from: Int32(300), through: 260, by: -20) {
            s.slot(0, y: y)
            s.syn()
        }
        s.slot(0, y: 240)
        let aboveFrame = s.syn()
        let above = try #require(aboveFrame)
        #expect(above.contacts[2].position == above.contacts[0].position)
        // Down to two: the fake one ends, the real ones stay.
        s.key(EventCode.BTN_TOOL_TRIPLETAP, 0)
        s.key(EventCode.BTN_TOOL_DOUBLETAP, 1)
        #expect(s.syn()?.contacts.map(\.phase) == [.stationary, .stationary, .ended])
    }

    @Test func cancelAllForARemovedDevice() {
        var s = DecoderScript(Devices.touchscreen)
        s.slot(0, id: 5, x: 100, y: 100)
        s.syn()
        #expect(s.decoder.cancelAll(at: Timestamp(seconds: 2))?.summary == ["5:cancelled"])
        #expect(s.decoder.cancelAll(at: Timestamp(seconds: 2)) == nil)
    }

}
