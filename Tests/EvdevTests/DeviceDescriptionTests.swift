import Evdev
import GestureCore
import Testing

@Suite struct DeviceDescriptionTests {
    @Test func classifiesDevices() {
        #expect(Devices.touchscreen.kind == .touchscreen)
        #expect(Devices.semiMT.kind == .touchpad)
        #expect(Devices.protocolA.multitouchProtocol == .anonymous)
        #expect(Devices.singleTouch.multitouchProtocol == .singleTouch)
        #expect(Devices.touchscreen.slotCount == 4)
        #expect(DeviceDescription(name: "keyboard").kind == .other)
        // Not direct, but no finger tools either: a touchscreen, as udev sees it.
        var undeclared = Devices.touchscreen
        undeclared.properties = []
        #expect(undeclared.kind == .touchscreen)
        undeclared.codes[EventCode.EV_KEY, default: []].insert(EventCode.BTN_TOOL_FINGER)
        #expect(undeclared.kind == .touchpad)
    }

    @Test func sizeComesFromResolution() {
        let surface = Devices.touchscreen.surface
        #expect(surface == DeviceDescription.Surface(width: 100, height: 50, estimated: false))
    }

    @Test func sizeIsEstimatedAndSaysSoWithoutResolution() {
        var description = Devices.touchscreen
        for code in description.absinfo.keys { description.absinfo[code]!.resolution = 0 }
        let surface = description.surface
        #expect(surface.estimated)
        #expect(surface.width == 300)
        #expect(surface.height == 150)
    }

    @Test func aTouchpadWithoutResolutionIsLibinputsSizeOrItsQuirksHint() {
        var pad = DeviceDescription(
            name: "pad", properties: [EventCode.INPUT_PROP_POINTER],
            absinfo: [
                EventCode.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 1),
                EventCode.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 2000),
                EventCode.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 1400),
            ])
        // libinput: 2000 / 69 = 28 units per mm (whole), 1400 / 50 = 28.
        #expect(pad.surface == DeviceDescription.Surface(width: 2000.0 / 28, height: 50, estimated: true))
        pad.sizeHint = Size(width: 100, height: 70)
        #expect(pad.surface == DeviceDescription.Surface(width: 100, height: 70, estimated: true))
    }
}
