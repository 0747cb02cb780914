/// Which of libinput's touchpad palm and thumb rules apply to one device, and their thresholds
/// in the device's own units, decided the way libinput decides them (evdev-mt-touchpad.c,
/// evdev-mt-touchpad-thumb.c, libinput 1.22) from the device's description, its quirks and
/// whether it is built in. docs/INPUT.md lists the rules followed and those not.
public struct TouchpadRules: Hashable, Sendable {
    /// Units per millimetre on each axis.
    public var unitsPerMillimetre: (x: Double, y: Double)
    /// The surface in millimetres.
    public var size: (width: Double, height: Double)

    /// A touch whose pressure exceeds this is a palm until it lifts (default 130, libinput's;
    /// `AttrPalmPressureThreshold`; nil when the device has no ABS_MT_PRESSURE or the quirk is 0).
    public var palmPressure: Int32?
    /// A touch whose major or minor axis exceeds this is a palm until it lifts
    /// (`AttrPalmSizeThreshold` only; libinput has no default).
    public var palmSize: Int32?
    /// The x below which, or above which, a touch that begins there is a palm; nil when edge
    /// palm detection is off (external touchpads, Apple touchpads, narrower than 70 mm, tablets).
    public var palmEdges: (left: Int32, right: Int32)?
    /// The y above which a touch that begins there is a palm (top 5 %, pads taller than 55 mm
    /// without top software buttons).
    public var palmTopEdge: Int32?

    /// Thumb detection (clickpads at least 50 mm tall).
    public var detectsThumbs: Bool
    /// Below this y (85 % of the height) a touch may be a thumb.
    public var upperThumbLine: Int32
    /// Below this y (92 %) a touch that lingers is a thumb: the exclusion area.
    public var lowerThumbLine: Int32
    /// `AttrThumbPressureThreshold` (with ABS_MT_PRESSURE): a touch in the exclusion area pressing harder is a thumb.
    public var thumbPressure: Int32?
    /// `AttrThumbSizeThreshold` (with ABS_MT_TOUCH_MAJOR): major above it and minor under 60 % of it is a thumb.
    public var thumbSize: Int32?

    /// Touch jumps are discarded (not on Wacom's pads, nor where `ModelLenovoX1Gen6Touchpad`
    /// says the firmware does its own).
    public var detectsJumps: Bool
    /// `ModelALPSSerialTouchpad`: a report at 4095/0 is a glitch; the touch stays where it was.
    public var strayCorner: Bool

    /// A device's rules from who it is, the one place live input and replay decide them: its
    /// description completed with the quirks' size hint (as libinput applies `AttrSizeHint`),
    /// then, for a touchpad with per-finger positions, libinput's rules with the quirks that
    /// apply to it and udev's `ID_INPUT_TOUCHPAD_INTEGRATION` and `ID_INPUT_TABLET`; nil for
    /// other devices and semi-MT pads (which report no positions to judge).
    public static func forDevice(_ description: inout DeviceDescription, quirks: DeviceQuirks, udevProperties: [String: String]) -> TouchpadRules? {
        description.sizeHint = quirks.sizeHint
        guard description.kind == .touchpad, !description.isSemiMultitouch else { return nil }
        return TouchpadRules(
            description: description, quirks: quirks, integration: udevProperties["ID_INPUT_TOUCHPAD_INTEGRATION"],
            isTablet: udevProperties["ID_INPUT_TABLET"] != nil)
    }

    /// Rules for a touchpad. `integration` is udev's `ID_INPUT_TOUCHPAD_INTEGRATION` when known;
    /// `isTablet` whether udev also calls it a tablet (a pen tablet's touch surface).
    public init(description: DeviceDescription, quirks: DeviceQuirks, integration: String? = nil, isTablet: Bool = false) {
        let x = description.xAxis ?? AbsInfo(minimum: 0, maximum: 1)
        let y = description.yAxis ?? AbsInfo(minimum: 0, maximum: 1)
        let surface = description.surface
        let width = surface.width, height = surface.height
        let perX = width > 0 ? Double(x.span) / width : 1, perY = height > 0 ? Double(y.span) / height : 1
        size = (width, height)
        unitsPerMillimetre = (perX, perY)
        // libinput 1.22's tagging: udev's integration property decides; otherwise Bluetooth
        // pads, Logitech's and Wacom's are external, every other one internal.
        let external: Bool
        switch integration {
        case "internal"?: external = false
        case "external"?: external = true
        default:
            external = description.bus == EventCode.BUS_BLUETOOTH || description.vendor == 0x046d || quirks.isWacomTouchpad
        }
        func yAt(_ millimetres: Double) -> Int32 { Int32(clamping: Int64(y.minimum) + Int64((millimetres * perY).rounded(.down))) }
        func xAt(_ millimetres: Double) -> Int32 { Int32(clamping: Int64(x.minimum) + Int64((millimetres * perX).rounded(.down))) }

        let palmsDetected = !external || isTablet
        let hasPressure = description.supports(EventCode.EV_ABS, EventCode.ABS_MT_PRESSURE) || description.absinfo[EventCode.ABS_MT_PRESSURE] != nil
        let hasMajor = description.supports(EventCode.EV_ABS, EventCode.ABS_MT_TOUCH_MAJOR) || description.absinfo[EventCode.ABS_MT_TOUCH_MAJOR] != nil
        let pressure = quirks.palmPressureThreshold ?? 130
        palmPressure = palmsDetected && hasPressure && pressure != 0 ? Int32(clamping: pressure) : nil
        let palmSizeQuirk = quirks.palmSizeThreshold ?? 0
        palmSize = palmsDetected && palmSizeQuirk != 0 ? Int32(clamping: palmSizeQuirk) : nil
        if palmsDetected && !isTablet && !quirks.isAppleTouchpad && width >= 70 {
            let edge = min(8, width * 0.08)
            palmEdges = (xAt(edge), xAt(width - edge))
            palmTopEdge = !description.properties.contains(EventCode.INPUT_PROP_TOPBUTTONPAD) && height > 55 ? yAt(height * 0.05) : nil
        } else {
            palmEdges = nil
            palmTopEdge = nil
        }

        detectsThumbs = description.properties.contains(EventCode.INPUT_PROP_BUTTONPAD) && height >= 50
        upperThumbLine = yAt(height * 0.85)
        lowerThumbLine = yAt(height * 0.92)
        thumbPressure = hasPressure ? quirks.thumbPressureThreshold.map { Int32(clamping: $0) } : nil
        thumbSize = hasMajor ? quirks.thumbSizeThreshold.map { Int32(clamping: $0) } : nil
        detectsJumps = !quirks.isWacomTouchpad && !quirks.flag("ModelLenovoX1Gen6Touchpad")
        strayCorner = quirks.flag("ModelALPSSerialTouchpad")
    }

    /// Millimetres between two points given in device units, per axis.
    func millimetres(dx: Int64, dy: Int64) -> (x: Double, y: Double) {
        (Double(dx) / unitsPerMillimetre.x, Double(dy) / unitsPerMillimetre.y)
    }

    public static func == (a: TouchpadRules, b: TouchpadRules) -> Bool {
        a.unitsPerMillimetre == b.unitsPerMillimetre && a.size == b.size && a.palmPressure == b.palmPressure
            && a.palmSize == b.palmSize && a.palmEdges?.left == b.palmEdges?.left && a.palmEdges?.right == b.palmEdges?.right
            && a.palmTopEdge == b.palmTopEdge && a.detectsThumbs == b.detectsThumbs && a.upperThumbLine == b.upperThumbLine
            && a.lowerThumbLine == b.lowerThumbLine && a.thumbPressure == b.thumbPressure && a.thumbSize == b.thumbSize
            && a.detectsJumps == b.detectsJumps && a.strayCorner == b.strayCorner
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(palmPressure)
        hasher.combine(upperThumbLine)
    }
}
