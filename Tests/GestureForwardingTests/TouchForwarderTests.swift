import Evdev
import GestureCore
import GestureForwarding
import Testing

/// Issue 34: a grabbed device's twin shows the desktop every contact no consuming gesture can
/// claim, as it happens; holds the ones a consuming gesture may claim; never shows (or cancels)
/// the claimed ones. Frame by frame, time passed in.
@Suite struct TouchForwarderTests {
    /// Slots, axes and keys: what libinput's libevdev would hold (the current slot aside).
    static func same(_ a: DeviceState, _ b: DeviceState) -> Bool {
        func contacts(_ s: DeviceState) -> [Int32: [UInt16: Int32]] {
            s.slots.filter { ($0.value[EventCode.ABS_MT_TRACKING_ID] ?? -1) >= 0 }
        }
        return contacts(a) == contacts(b) && a.axes == b.axes && a.keysDown == b.keysDown
    }

    @Test func withNothingConsumedTheTwinWritesWhatTheDeviceSent() {
        var s = ForwarderScript(TwinDevices.touchscreen)
        s.slot(0, id: 7, x: 100, y: 200)
        s.key(EventCode.BTN_TOUCH, 1)
        s.abs(EventCode.ABS_X, 100)
        s.abs(EventCode.ABS_Y, 200)
        #expect(s.syn().words == "ABS_MT_TRACKING_ID 7 ABS_MT_POSITION_X 100 ABS_MT_POSITION_Y 200 ABS_X 100 ABS_Y 200 BTN_TOUCH 1 |")
        s.slot(1, id: 8, x: 600, y: 300)
        #expect(s.syn().words == "ABS_MT_SLOT 1 ABS_MT_TRACKING_ID 8 ABS_MT_POSITION_X 600 ABS_MT_POSITION_Y 300 |")
        s.slot(0, x: 110)
        s.abs(EventCode.ABS_X, 110)
        #expect(s.syn().words == "ABS_MT_SLOT 0 ABS_MT_POSITION_X 110 ABS_X 110 |")
        s.slot(0, id: -1)
        s.slot(1, id: -1)
        s.key(EventCode.BTN_TOUCH, 0)
        #expect(s.syn() == s.sent.last, "a frame that begins no contact passes as it came")
        #expect(s.forwarder.isTransparent && s.forwarder.twinIsNeutral)
        #expect(Self.same(s.forwarder.twin, s.sent.flatMap { $0 }.applied(to: DeviceState())))
        #expect(s.forwarder.nextDeadline == nil)
    }

    /// A tap a consuming gesture might have claimed, which then failed: the desktop gets the
    /// whole tap, down and up, in order, when the verdict comes.
    @Test func aHeldTapWhoseGestureFailsArrivesWhole() {
        var s = ForwarderScript(TwinDevices.touchscreen)
        s.owner.verdicts[7] = .hold
        s.slot(0, id: 7, x: 20, y: 250)
        s.key(EventCode.BTN_TOUCH, 1)
        s.pointer(20, 250)
        #expect(s.syn().isEmpty, "held: the desktop sees nothing yet")
        #expect(s.forwarder.nextDeadline == Timestamp(microseconds: 1_150_000))
        s.slot(0, x: 22)
        s.pointer(22, nil)
        #expect(s.syn().isEmpty)
        s.owner.verdicts[7] = .forward
        s.slot(0, id: -1)
        s.key(EventCode.BTN_TOUCH, 0)
        #expect(
            s.syn().words
                == "ABS_MT_TRACKING_ID 7 ABS_MT_POSITION_X 20 ABS_MT_POSITION_Y 250 ABS_X 20 ABS_Y 250 BTN_TOUCH 1 | ABS_MT_POSITION_X 22 ABS_X 22 | "
                + "ABS_MT_TRACKING_ID -1 BTN_TOUCH 0 |")
        #expect(s.forwarder.twinIsNeutral && s.forwarder.nextDeadline == nil)
    }

    /// An edge swipe a consuming gesture claims before it is ever shown: nothing at all.
    @Test func aContactClaimedWhileHeldIsNeverShown() {
        var s = ForwarderScript(TwinDevices.touchscreen)
        s.owner.verdicts[7] = .hold
        s.slot(0, id: 7, x: 5, y: 250)
        s.key(EventCode.BTN_TOUCH, 1)
        s.syn()
        s.owner.verdicts[7] = .consume
        s.slot(0, x: 80)
        s.syn()
        s.slot(0, x: 200)
        s.syn()
        s.slot(0, id: -1)
        s.key(EventCode.BTN_TOUCH, 0)
        s.syn()
        #expect(s.written.isEmpty)
        #expect(s.forwarder.twinIsNeutral)
    }

    /// Claimed after it was shown: a palm, never a lift while down (libinput: TOUCH_CANCEL, not
    /// TOUCH_UP); then the lift when the finger lifts.
    @Test func aShownContactClaimedLaterBecomesAPalm() {
        var s = ForwarderScript(TwinDevices.touchscreen)
        s.slot(0, id: 7, x: 500, y: 250)
        s.key(EventCode.BTN_TOUCH, 1)
        s.pointer(500, 250)
        s.syn()
        s.owner.verdicts[7] = .consume
        s.slot(0, x: 520)
        s.pointer(520, nil)
        #expect(s.syn().words == "ABS_MT_TOOL_TYPE 2 |", "the single-touch axes stay where the pointer was")
        s.slot(0, x: 540)
        s.pointer(540, nil)
        #expect(s.syn().isEmpty, "no motion of a cancelled contact")
        s.slot(0, id: -1)
        s.key(EventCode.BTN_TOUCH, 0)
        #expect(s.syn().words == "ABS_MT_TRACKING_ID -1 ABS_X 540 BTN_TOUCH 0 |", "with nothing down, the device's own axes again")
        #expect(s.forwarder.twinIsNeutral)
    }

    @Test func withoutToolTypesAClaimedContactLifts() {
        var s = ForwarderScript(TwinDevices.touchscreen, palm: false)
        s.slot(0, id: 7, x: 500, y: 250)
        s.key(EventCode.BTN_TOUCH, 1)
        s.syn()
        s.owner.verdicts[7] = .consume
        s.slot(0, x: 520)
        #expect(s.syn().words == "ABS_MT_TRACKING_ID -1 BTN_TOUCH 0 |")
        s.slot(0, id: -1)
        s.key(EventCode.BTN_TOUCH, 0)
        #expect(s.syn().isEmpty)
    }

    /// A touch nothing consuming can claim passes at once beside one that is held.
    @Test func aFreeContactPassesBesideAHeldOne() {
        var s = ForwarderScript(TwinDevices.touchscreen)
        s.owner.verdicts[7] = .hold
        s.slot(0, id: 7, x: 5, y: 250)
        s.slot(1, id: 8, x: 500, y: 250)
        s.key(EventCode.BTN_TOUCH, 1)
        #expect(s.syn().words == "ABS_MT_SLOT 1 ABS_MT_TRACKING_ID 8 ABS_MT_POSITION_X 500 ABS_MT_POSITION_Y 250 ABS_X 500 ABS_Y 250 BTN_TOUCH 1 |")
        s.slot(1, x: 510)
        s.abs(EventCode.ABS_X, 510)
        #expect(s.syn().words == "ABS_MT_POSITION_X 510 ABS_X 510 |")
    }

    /// The window bounds a hold: a still finger no verdict came for is let go at its end, with
    /// no frame from the device (a touchscreen sends none while a finger rests).
    @Test func theWindowLetsAHeldContactGo() {
        var s = ForwarderScript(TwinDevices.touchscreen, window: 0.1)
        s.owner.verdicts[7] = .hold
        s.slot(0, id: 7, x: 5, y: 250)
        s.key(EventCode.BTN_TOUCH, 1)
        s.pointer(5, 250)
        s.syn()
        let due = s.forwarder.nextDeadline!
        #expect(due == Timestamp(microseconds: 1_100_000))
        #expect(s.advance(to: Timestamp(microseconds: 1_099_999)).isEmpty)
        #expect(s.advance(to: due).words == "ABS_MT_TRACKING_ID 7 ABS_MT_POSITION_X 5 ABS_MT_POSITION_Y 250 ABS_X 5 ABS_Y 250 BTN_TOUCH 1 |")
        #expect(s.forwarder.nextDeadline == nil)
        s.slot(0, x: 9)
        s.pointer(9, nil)
        #expect(s.syn().words == "ABS_MT_POSITION_X 9 ABS_X 9 |", "still undecided, but let go: mirrored")
        s.owner.verdicts[7] = .consume
        s.slot(0, x: 30)
        s.pointer(30, nil)
        #expect(s.syn().words == "ABS_MT_TOOL_TYPE 2 |", "claimed after it was let go: cancelled")
    }

    /// A touchpad's third finger makes the hand claimable: the two fingers already shown stay
    /// where they are (no scroll starts from their motion), the third is not shown; a swipe
    /// claims them all: the two become palms, the desktop never counts three.
    @Test func aConsumedThreeFingerSwipeNeverShowsThreeFingers() {
        var s = ForwarderScript(TwinDevices.clickpad)
        s.slot(0, id: 1, x: 300, y: 300)
        s.key(EventCode.BTN_TOUCH, 1)
        s.key(EventCode.BTN_TOOL_FINGER, 1)
        s.abs(EventCode.ABS_X, 300)
        s.abs(EventCode.ABS_Y, 300)
        s.msc(1000)
        #expect(s.syn().words == "ABS_MT_TRACKING_ID 1 ABS_MT_POSITION_X 300 ABS_MT_POSITION_Y 300 ABS_X 300 ABS_Y 300 BTN_TOOL_FINGER 1 BTN_TOUCH 1 MSC_TIMESTAMP 1000 |")
        s.slot(1, id: 2, x: 400, y: 300)
        s.key(EventCode.BTN_TOOL_FINGER, 0)
        s.key(EventCode.BTN_TOOL_DOUBLETAP, 1)
        s.msc(2000)
        #expect(s.syn().words == "ABS_MT_SLOT 1 ABS_MT_TRACKING_ID 2 ABS_MT_POSITION_X 400 ABS_MT_POSITION_Y 300 BTN_TOOL_FINGER 0 BTN_TOOL_DOUBLETAP 1 MSC_TIMESTAMP 2000 |")
        s.owner.verdicts = [1: .hold, 2: .hold, 3: .hold]
        s.slot(2, id: 3, x: 500, y: 300)
        s.slot(0, y: 310)
        s.abs(EventCode.ABS_Y, 310)
        s.key(EventCode.BTN_TOOL_DOUBLETAP, 0)
        s.key(EventCode.BTN_TOOL_TRIPLETAP, 1)
        s.msc(3000)
        #expect(s.syn().isEmpty, "two fingers frozen, the third unseen: nothing changes at the desktop")
        s.owner.verdicts = [1: .consume, 2: .consume, 3: .consume]
        s.slot(0, y: 340)
        s.slot(1, y: 330)
        s.slot(2, y: 330)
        s.msc(4000)
        #expect(s.syn().words == "ABS_MT_SLOT 0 ABS_MT_TOOL_TYPE 2 ABS_MT_SLOT 1 ABS_MT_TOOL_TYPE 2 MSC_TIMESTAMP 4000 |")
        for slot: Int32 in 0...2 { s.slot(slot, id: -1) }
        s.key(EventCode.BTN_TOUCH, 0)
        s.key(EventCode.BTN_TOOL_TRIPLETAP, 0)
        #expect(s.syn().words == "ABS_MT_SLOT 0 ABS_MT_TRACKING_ID -1 ABS_MT_SLOT 1 ABS_MT_TRACKING_ID -1 ABS_Y 310 BTN_TOOL_DOUBLETAP 0 BTN_TOUCH 0 |")
        #expect(s.forwarder.twinIsNeutral && s.forwarder.isTransparent)
        let counts = s.written.filter { $0.code == EventCode.BTN_TOOL_TRIPLETAP }
        #expect(counts.isEmpty, "the desktop never counted three fingers")
    }

    /// The same hand, and the swipe fails (the fingers spread: a pinch): the finger not shown
    /// appears where it began, then every finger is where it is now, and mirrored from then on.
    @Test func aHandLetGoAppearsThenCatchesUp() {
        var s = ForwarderScript(TwinDevices.clickpad)
        s.slot(0, id: 1, x: 300, y: 300)
        s.key(EventCode.BTN_TOUCH, 1)
        s.key(EventCode.BTN_TOOL_FINGER, 1)
        s.pointer(300, 300)
        s.syn()
        s.owner.verdicts = [1: .hold, 2: .hold]
        s.slot(1, id: 2, x: 400, y: 300)
        s.key(EventCode.BTN_TOOL_FINGER, 0)
        s.key(EventCode.BTN_TOOL_DOUBLETAP, 1)
        #expect(s.syn().isEmpty)
        s.slot(0, x: 290)
        s.slot(1, x: 410)
        s.pointer(290, nil)
        #expect(s.syn().isEmpty)
        s.owner.verdicts = [:]
        s.slot(0, x: 280)
        s.slot(1, x: 420)
        s.pointer(280, nil)
        #expect(
            s.syn().words
                == "ABS_MT_SLOT 1 ABS_MT_TRACKING_ID 2 ABS_MT_POSITION_X 400 ABS_MT_POSITION_Y 300 BTN_TOOL_FINGER 0 BTN_TOOL_DOUBLETAP 1 | "
                + "ABS_MT_SLOT 0 ABS_MT_POSITION_X 280 ABS_MT_SLOT 1 ABS_MT_POSITION_X 420 ABS_X 280 |")
        #expect(s.forwarder.isTransparent)
        #expect(Self.same(s.forwarder.twin, s.sent.flatMap { $0 }.applied(to: DeviceState())))
        s.slot(0, x: 270)
        s.pointer(270, nil)
        #expect(s.syn().words == "ABS_MT_SLOT 0 ABS_MT_POSITION_X 270 ABS_X 270 |")
    }

    /// A held tap that moved on its way: where it began, where it last was, the lift.
    @Test func aHeldContactThatLiftedIsPlayedInThreeSteps() {
        var s = ForwarderScript(TwinDevices.touchscreen)
        s.owner.verdicts[7] = .hold
        s.slot(0, id: 7, x: 20, y: 250)
        s.key(EventCode.BTN_TOUCH, 1)
        s.pointer(20, 250)
        s.syn()
        for x: Int32 in [24, 28, 32] {
            s.slot(0, x: x)
            s.pointer(x, nil)
            #expect(s.syn().isEmpty)
        }
        s.owner.verdicts[7] = .forward
        s.slot(0, id: -1)
        s.key(EventCode.BTN_TOUCH, 0)
        #expect(
            s.syn().words
                == "ABS_MT_TRACKING_ID 7 ABS_MT_POSITION_X 20 ABS_MT_POSITION_Y 250 ABS_X 20 ABS_Y 250 BTN_TOUCH 1 | ABS_MT_POSITION_X 32 ABS_X 32 | "
                + "ABS_MT_TRACKING_ID -1 BTN_TOUCH 0 |")
    }

    /// A double tap's first tap lifts while the gesture still decides: it waits, and is
    /// dropped when the gesture claims (its count of consumptions moves).
    @Test func aLiftedTapWaitsForTheGestureThatMayClaimIt() {
        var s = ForwarderScript(TwinDevices.touchscreen, window: 0.3)
        s.owner.verdicts[7] = .hold
        s.owner.isDeciding = true
        s.slot(0, id: 7, x: 500, y: 250)
        s.key(EventCode.BTN_TOUCH, 1)
        s.syn()
        s.slot(0, id: -1)
        s.key(EventCode.BTN_TOUCH, 0)
        #expect(s.syn().isEmpty)
        s.owner.verdicts = [8: .hold]
        s.slot(0, id: 8, x: 505, y: 250)
        s.key(EventCode.BTN_TOUCH, 1)
        #expect(s.syn().isEmpty)
        s.owner.verdicts = [8: .consume]
        s.owner.consumptions = 1
        s.slot(0, id: -1)
        s.key(EventCode.BTN_TOUCH, 0)
        #expect(s.syn().isEmpty)
        #expect(s.written.isEmpty && s.forwarder.twinIsNeutral)
    }

    /// The same first tap, when the gesture gives up instead: played whole.
    @Test func aLiftedTapIsPlayedWhenNothingDecidesAnyMore() {
        var s = ForwarderScript(TwinDevices.touchscreen, window: 0.3)
        s.owner.verdicts[7] = .hold
        s.owner.isDeciding = true
        s.slot(0, id: 7, x: 500, y: 250)
        s.key(EventCode.BTN_TOUCH, 1)
        s.pointer(500, 250)
        s.syn()
        s.slot(0, id: -1)
        s.key(EventCode.BTN_TOUCH, 0)
        s.syn()
        s.owner.verdicts = [:]
        s.owner.isDeciding = false
        #expect(
            s.advance(to: Timestamp(microseconds: 1_200_000)).words
                == "ABS_MT_TRACKING_ID 7 ABS_MT_POSITION_X 500 ABS_MT_POSITION_Y 250 ABS_X 500 ABS_Y 250 BTN_TOUCH 1 | ABS_MT_TRACKING_ID -1 BTN_TOUCH 0 |")
        #expect(s.forwarder.twinIsNeutral)
    }

    /// Events were lost: the state read again ends the contact that lifted meanwhile; none stays stuck.
    @Test func aResynchronizationLeavesNoContactStuck() {
        var s = ForwarderScript(TwinDevices.touchscreen)
        s.slot(0, id: 7, x: 500, y: 250)
        s.key(EventCode.BTN_TOUCH, 1)
        s.syn()
        var out: [InputEvent] = []
        let state = DeviceState(slots: [0: [EventCode.ABS_MT_TRACKING_ID: -1, EventCode.ABS_MT_POSITION_X: 600]], currentSlot: 0)
        s.forwarder.resynchronize(to: state, at: s.time, owner: s.owner, into: &out)
        #expect(out.words == "ABS_MT_TRACKING_ID -1 BTN_TOUCH 0 |")
        #expect(s.forwarder.twinIsNeutral)
    }

    /// Before the grab ends: everything down on the twin comes up.
    @Test func releaseLeavesTheTwinNeutral() {
        var s = ForwarderScript(TwinDevices.clickpad)
        s.slot(0, id: 1, x: 300, y: 300)
        s.key(EventCode.BTN_TOUCH, 1)
        s.key(EventCode.BTN_TOOL_FINGER, 1)
        s.key(EventCode.BTN_LEFT, 1)
        s.syn()
        var out: [InputEvent] = []
        s.forwarder.release(at: s.time, into: &out)
        #expect(out.words == "ABS_MT_TRACKING_ID -1 BTN_LEFT 0 BTN_TOOL_FINGER 0 BTN_TOUCH 0 |")
        #expect(s.forwarder.twinIsNeutral)
    }

    /// A device grabbed with a finger already down (the daemon waits for none, but a state
    /// read later may have one): it is shown as it is, and mirrored.
    @Test func aContactDownAtTheStartIsShown() {
        let state = DeviceState(slots: [0: [EventCode.ABS_MT_TRACKING_ID: 4, EventCode.ABS_MT_POSITION_X: 10]], keysDown: [EventCode.BTN_TOUCH])
        var s = ForwarderScript(TwinDevices.touchscreen, state: state)
        s.slot(0, x: 12)
        #expect(s.syn().words == "ABS_MT_SLOT 0 ABS_MT_POSITION_X 12 |", "the twin mirrors the device: the frame passes as it came")
    }

    /// Issue 33 on the twin: the kernel omits an axis that kept its value, so a touch after the
    /// grab at the x of the last touch before it carries no x. The new twin holds 0 there; the
    /// forwarder knows the device's x from the state read at the grab and writes it.
    @Test func aNewTwinGetsTheAxesTheKernelOmits() {
        let before = DeviceState(slots: [0: [EventCode.ABS_MT_TRACKING_ID: -1, EventCode.ABS_MT_POSITION_X: 500, EventCode.ABS_MT_POSITION_Y: 250]])
        var s = ForwarderScript(TwinDevices.touchscreen, state: before, twin: DeviceState())
        s.abs(EventCode.ABS_MT_TRACKING_ID, 9)
        s.abs(EventCode.ABS_MT_POSITION_Y, 300)
        s.key(EventCode.BTN_TOUCH, 1)
        #expect(s.syn().words == "ABS_MT_TRACKING_ID 9 ABS_MT_POSITION_X 500 ABS_MT_POSITION_Y 300 BTN_TOUCH 1 |")
    }

    /// Found by the forwarder harness: a held contact replaced in its slot and played later in
    /// another slot leaves the twin's slot selection there; the device's next frame, which does
    /// not select its slot again (the kernel omits an unchanged ABS_MT_SLOT), must still reach
    /// the right slot, or the contact stays down on the twin for ever.
    @Test func aFramePassedAsItCameSelectsTheDevicesSlotOnTheTwin() {
        var s = ForwarderScript(TwinDevices.touchscreen)
        s.owner.verdicts = [11: .hold]
        s.abs(EventCode.ABS_MT_TRACKING_ID, 11)
        #expect(s.syn().isEmpty)
        s.owner.verdicts = [0: .forward, 11: .hold]
        s.owner.isDeciding = true
        s.abs(EventCode.ABS_MT_TRACKING_ID, 0)
        s.abs(EventCode.ABS_MT_POSITION_X, 316)
        s.syn()
        s.owner.verdicts = [0: .forward, 11: .forward]
        s.owner.isDeciding = false
        #expect(s.syn().words.hasPrefix("ABS_MT_SLOT 1 ABS_MT_TRACKING_ID 11 | ABS_MT_TRACKING_ID -1 |"), "the first contact played in a free slot")
        s.abs(EventCode.ABS_MT_TRACKING_ID, -1)
        #expect(s.syn().words == "ABS_MT_SLOT 0 ABS_MT_TRACKING_ID -1 |")
        #expect(s.forwarder.twinIsNeutral)
    }
}
