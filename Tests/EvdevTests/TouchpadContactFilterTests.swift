import Evdev
import GestureCore
import Testing

/// libinput's palm and thumb rules, frame by frame on the 100 × 70 mm test clickpad (10 units
/// per mm; y grows downwards; thumb lines at 59.5 and 64.4 mm; side edges at 8 mm).
@Suite struct TouchpadContactFilterTests {
    typealias Sample = TouchpadContactFilter.Sample

    struct Pad {
        var filter: TouchpadContactFilter
        var time = Timestamp(seconds: 1)
        init(quirks: DeviceQuirks = DeviceQuirks(), description: DeviceDescription = Devices.clickpad) {
            filter = TouchpadContactFilter(rules: TouchpadRules(description: description, quirks: quirks))
        }
        /// One frame 10 ms after the last; returns the ids that are not fingers.
        mutating func frame(_ samples: [Sample]) -> Set<Int32> {
            defer { time = time + 0.01 }
            var samples = samples
            return filter.update(&samples, at: time)
        }

        /// The positions reported for a frame (jumps discarded), in mm.
        mutating func positions(_ samples: [Sample]) -> [Double] {
            defer { time = time + 0.01 }
            var samples = samples
            _ = filter.update(&samples, at: time)
            return samples.map { Double($0.x) / 10 }
        }
    }

    static func at(_ id: Int32, _ xmm: Double, _ ymm: Double, pressure: Int32 = 60) -> Sample {
        Sample(id: id, x: Int32(xmm * 10), y: Int32(ymm * 10), pressure: pressure)
    }

    @Test func rulesFollowTheDevice() {
        let rules = TouchpadRules(description: Devices.clickpad, quirks: DeviceQuirks())
        #expect(rules.palmPressure == 130, "libinput's default")
        #expect(rules.palmEdges?.left == 80 && rules.palmEdges?.right == 920)
        #expect(rules.palmTopEdge == 35, "5 % of 70 mm")
        #expect(rules.detectsThumbs && rules.upperThumbLine == 595 && rules.lowerThumbLine == 644)
        var bluetooth = Devices.clickpad
        bluetooth.bus = EventCode.BUS_BLUETOOTH
        let external = TouchpadRules(description: bluetooth, quirks: DeviceQuirks())
        #expect(external.palmPressure == nil && external.palmEdges == nil, "no palm rules on external pads")
        #expect(TouchpadRules(description: Devices.clickpad, quirks: DeviceQuirks(properties: ["ModelAppleTouchpad": "1"])).palmEdges == nil)
        var small = Devices.clickpad
        small.absinfo[EventCode.ABS_MT_POSITION_Y] = AbsInfo(minimum: 0, maximum: 450, resolution: 10)
        #expect(!TouchpadRules(description: small, quirks: DeviceQuirks()).detectsThumbs, "under 50 mm tall")
    }

    @Test func aPressingPalmIsOutUntilItLifts() {
        var pad = Pad()
        #expect(pad.frame([Self.at(1, 50, 30)]).isEmpty)
        #expect(pad.frame([Self.at(1, 50, 30), Self.at(2, 70, 30, pressure: 131)]) == [2])
        #expect(pad.frame([Self.at(1, 50, 30), Self.at(2, 70, 30, pressure: 40)]) == [2], "sticky")
        #expect(pad.frame([Self.at(1, 50, 30)]).isEmpty)
        #expect(pad.frame([Self.at(1, 50, 30), Self.at(2, 70, 30)]).isEmpty, "a new touch is judged anew")
        var quirked = Pad(quirks: DeviceQuirks(properties: ["AttrPalmPressureThreshold": "200"]))
        #expect(quirked.frame([Self.at(1, 50, 30, pressure: 180)]).isEmpty, "the quirk's threshold")
    }

    @Test func aTouchBeginningAtTheEdgeIsAPalmUntilAFingerJoinsOrItLeaves() {
        var pad = Pad()
        #expect(pad.frame([Self.at(1, 5, 30)]) == [1], "began in the left edge zone")
        #expect(pad.frame([Self.at(1, 5, 32)]) == [1])
        #expect(pad.frame([Self.at(1, 5, 32), Self.at(2, 50, 30)]) == [1], "resting: not judged again")
        #expect(pad.frame([Self.at(1, 5, 33), Self.at(2, 50, 30)]).isEmpty, "moved beside another finger: both count")
        var leaving = Pad()
        #expect(leaving.frame([Self.at(1, 96, 30)]) == [1])
        #expect(leaving.frame([Self.at(1, 88, 30)]).isEmpty, "out of the edge sideways within 200 ms")
        var late = Pad()
        #expect(late.frame([Self.at(1, 96, 30)]) == [1])
        for _ in 0..<25 { _ = late.frame([Self.at(1, 96, 30)]) }
        #expect(late.frame([Self.at(1, 85, 30)]) == [1], "too late to leave")
        var inward = Pad()
        #expect(inward.frame([Self.at(1, 50, 30)]).isEmpty)
        #expect(inward.frame([Self.at(1, 50, 30), Self.at(2, 95, 30)]).isEmpty, "a finger already down: no edge palm")
    }

    /// libinput's `touchpad_palm_detect_both_edges` (issue 35): a palm that rests is not judged
    /// again, and a palm landing at the other edge is no finger to release it for; both stay
    /// palms as they move together.
    @Test func palmsAtBothEdgesStayPalms() {
        var pad = Pad()
        #expect(pad.frame([Self.at(1, 99, 35)]) == [1])
        #expect(pad.frame([Self.at(1, 99, 30)]) == [1])
        #expect(pad.frame([Self.at(1, 99, 30), Self.at(2, 1, 35)]) == [1, 2], "the resting palm is not judged again")
        #expect(pad.frame([Self.at(1, 99, 30), Self.at(2, 1, 30)]) == [1, 2])
        for step in 1...5 {
            let y = 30 - Double(step) * 0.1
            #expect(pad.frame([Self.at(1, 99, y), Self.at(2, 1, y)]) == [1, 2])
        }
        // A finger landing away from the edges releases a palm that moves, not one that rests.
        #expect(pad.frame([Self.at(1, 99, 29.4), Self.at(2, 1, 29.5), Self.at(3, 50, 30)]) == [2])
    }

    /// libinput's `touchpad_no_palm_detect_2fg_scroll` (issue 47, item 13): a finger resting in
    /// the right edge zone (it moved there, and back), a second finger lands in the middle, and
    /// both move up together: the edge touch is a finger again (`tp_palm_detect_multifinger`:
    /// another active non-palm touch), so the two scroll. `palmsAtBothEdgesStayPalms` holds too.
    @Test func anEdgePalmBesideAFingerMovingWithItScrolls() {
        var pad = Pad()
        #expect(pad.frame([Self.at(1, 99, 35)]) == [1])
        for step in 1...45 { #expect(pad.frame([Self.at(1, 99, 35 - 7 * Double(step) / 45)]) == [1]) }
        for step in 1...45 { #expect(pad.frame([Self.at(1, 99, 28 + 7 * Double(step) / 45)]) == [1]) }
        #expect(pad.frame([Self.at(1, 99, 35), Self.at(2, 50, 35)]) == [1], "the resting palm is not judged as the finger lands")
        for step in 1...10 {
            let y = 35 - 14 * Double(step) / 10
            #expect(pad.frame([Self.at(1, 99, y), Self.at(2, 50, y)]).isEmpty, "step \(step): both are fingers")
        }
    }

    @Test func aLoneTouchRestingLowOnTheClickpadIsAThumb() {
        var pad = Pad()
        #expect(pad.frame([Self.at(1, 40, 67)]) == [1], "in the bottom 8 %")
        #expect(pad.frame([Self.at(1, 40, 67), Self.at(2, 35, 30), Self.at(3, 50, 28), Self.at(4, 65, 30)]) == [1])
        // The fingers swipe; the thumb stays out.
        for step in 1...10 {
            let dx = Double(step) * 3
            #expect(pad.frame([Self.at(1, 40, 67), Self.at(2, 35 - dx, 30), Self.at(3, 50 - dx, 28), Self.at(4, 65 - dx, 30)]) == [1])
        }
        var escaping = Pad()
        #expect(escaping.frame([Self.at(1, 40, 67)]) == [1])
        #expect(escaping.frame([Self.at(1, 40, 50)]).isEmpty, "moved above the thumb lines: a finger")
    }

    @Test func theLowestTouchFarBelowTheOthersIsAThumb() {
        var pad = Pad()
        #expect(pad.frame([Self.at(2, 40, 20), Self.at(3, 55, 20)]).isEmpty)
        for _ in 0..<12 { _ = pad.frame([Self.at(2, 40, 20), Self.at(3, 55, 20)]) }
        #expect(pad.frame([Self.at(2, 40, 20), Self.at(3, 55, 20), Self.at(1, 30, 55)]) == [1], "35 mm lower, 130 ms later")
        var together = Pad()
        #expect(together.frame([Self.at(2, 40, 20), Self.at(3, 55, 20), Self.at(1, 30, 55)]).isEmpty,
                "all at once and above the exclusion area: fingers (a three-finger tap)")
        var close = Pad()
        for _ in 0..<12 { _ = close.frame([Self.at(2, 40, 40)]) }
        #expect(close.frame([Self.at(2, 40, 40), Self.at(1, 50, 55)]).isEmpty, "within 35 × 25 mm: a two-finger scroll")
    }

    @Test func aTouchThatStaysWhileTheOthersMoveIsAThumb() {
        var pad = Pad()
        // Three touches land together, the lowest only 15 mm below: nothing to tell yet.
        let still = Self.at(1, 40, 45)
        #expect(pad.frame([still, Self.at(2, 35, 30), Self.at(3, 50, 30)]).isEmpty)
        #expect(pad.frame([still, Self.at(2, 33, 30), Self.at(3, 48, 30)]).isEmpty)
        #expect(pad.frame([still, Self.at(2, 28, 30), Self.at(3, 43, 30)]) == [1], "7 mm of motion (over 4 + 2) against none")
        var moving = Pad()
        #expect(moving.frame([Self.at(1, 40, 45), Self.at(2, 35, 30)]).isEmpty)
        #expect(moving.frame([Self.at(1, 38, 45), Self.at(2, 33, 30)]).isEmpty)
        #expect(moving.frame([Self.at(1, 30, 45), Self.at(2, 25, 30)]).isEmpty, "both move: a two-finger gesture")
    }

    @Test func aTouchJumpIsDiscardedAndTheTouchMovesOnFromWhereItWas() {
        var pad = Pad()
        #expect(pad.positions([Self.at(1, 20, 30)]) == [20])
        #expect(pad.positions([Self.at(1, 22, 30)]) == [22], "2 mm in 10 ms: a finger")
        #expect(pad.positions([Self.at(1, 47, 30)]) == [22], "25 mm in 10 ms: a jump, discarded")
        #expect(pad.positions([Self.at(1, 49, 30)]) == [24], "the motion after it counts")
        var accelerating = Pad()
        _ = accelerating.positions([Self.at(1, 20, 30)])
        _ = accelerating.positions([Self.at(1, 21, 30)])
        #expect(accelerating.positions([Self.at(1, 30, 30)]) == [21], "9 mm more than the frame before (per 12 ms): a jump")
        var slow = Pad()
        _ = slow.positions([Self.at(1, 20, 30)])
        slow.time = slow.time + 0.05
        #expect(slow.positions([Self.at(1, 45, 30)]) == [45], "frames 60 ms apart are not judged")
        var landing = Pad()
        _ = landing.positions([Self.at(1, 20, 30)])
        #expect(landing.positions([Self.at(1, 45, 30), Self.at(2, 60, 30)]) == [45, 60], "no judgement when the finger count changes")
        var alps = Pad(quirks: DeviceQuirks(properties: ["ModelALPSSerialTouchpad": "1"]))
        _ = alps.positions([Self.at(1, 20, 30)])
        #expect(alps.positions([Sample(id: 1, x: 4095, y: 0, pressure: 60)]) == [20], "a stray 4095/0 report")
        #expect(alps.positions([Self.at(1, 21, 30)]) == [21], "and on from the touch's real place")
        var wacom = Pad(quirks: DeviceQuirks(properties: ["ModelWacomTouchpad": "1"]))
        _ = wacom.positions([Self.at(1, 20, 30)])
        #expect(wacom.positions([Self.at(1, 47, 30)]) == [47], "libinput leaves Wacom's pads alone")
    }

    @Test func theDecoderLeavesPalmsAndThumbsOutOfTheFrame() {
        var s = DecoderScript(Devices.clickpad)
        s.slot(4, id: 40, x: 500, y: 300)
        s.abs(EventCode.ABS_MT_PRESSURE, 200)
        #expect(s.syn() == nil, "a palm alone: no touch at all")
        s.slot(0, id: 10, x: 350, y: 300)
        s.abs(EventCode.ABS_MT_PRESSURE, 60)
        s.slot(1, id: 11, x: 500, y: 280)
        s.abs(EventCode.ABS_MT_PRESSURE, 60)
        #expect(s.syn()?.summary == ["10:began", "11:began"])
        s.slot(0, x: 300)
        s.slot(1, x: 450)
        s.abs(EventCode.ABS_MT_PRESSURE, 150)
        #expect(s.syn()?.summary == ["10:cancelled", "11:cancelled"],
                "a finger pressing like a palm is cancelled, and the other finger starts over")
        s.slot(0, x: 250)
        #expect(s.syn()?.summary == ["10:began"], "with the fingers that count")
        s.slot(0, x: 200)
        #expect(s.syn()?.summary == ["10:moved"])
    }
}
