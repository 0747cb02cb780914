import GestureCore

/// What a device says about itself: name, ids, properties, supported codes and axis ranges —
/// the `N:`/`I:`/`P:`/`B:`/`A:` header of an evemu file, the `evdev:` block of a
/// `libinput record` file, or what libevdev reports for a live node.
public struct DeviceDescription: Hashable, Sendable {
    /// The kernel's device name.
    public var name: String
    /// Bus type (`BUS_USB` = 0x03, `BUS_I2C` = 0x18, …).
    public var bus: UInt16
    /// Vendor id.
    public var vendor: UInt16
    /// Product id.
    public var product: UInt16
    /// Version.
    public var version: UInt16
    /// INPUT_PROP_* bits set.
    public var properties: Set<UInt16>
    /// Supported codes per event type.
    public var codes: [UInt16: Set<UInt16>]
    /// Ranges of the absolute axes.
    public var absinfo: [UInt16: AbsInfo]
    /// The size in millimetres libinput's quirks give a device whose axes have no resolution
    /// (`AttrSizeHint`); nil when none applies.
    public var sizeHint: Size?

    /// Creates a description.
    public init(
        name: String, bus: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0,
        properties: Set<UInt16> = [], codes: [UInt16: Set<UInt16>] = [:], absinfo: [UInt16: AbsInfo] = [:]
    ) {
        self.name = name
        self.bus = bus
        self.vendor = vendor
        self.product = product
        self.version = version
        self.properties = properties
        self.codes = codes
        self.absinfo = absinfo
    }

    /// Whether the device reports `code` of `type`.
    public func supports(_ type: UInt16, _ code: UInt16) -> Bool {
        codes[type]?.contains(code) ?? false
    }

    /// How contacts are reported.
    public var multitouchProtocol: MultitouchProtocol {
        let abs = EventCode.EV_ABS
        if absinfo[EventCode.ABS_MT_POSITION_X] != nil && absinfo[EventCode.ABS_MT_POSITION_Y] != nil
            || supports(abs, EventCode.ABS_MT_POSITION_X) && supports(abs, EventCode.ABS_MT_POSITION_Y)
        {
            return absinfo[EventCode.ABS_MT_SLOT] != nil || supports(abs, EventCode.ABS_MT_SLOT) ? .slots : .anonymous
        }
        if absinfo[EventCode.ABS_X] != nil && absinfo[EventCode.ABS_Y] != nil { return .singleTouch }
        return .none
    }

    /// Whether only the bounding box of the contacts is real (INPUT_PROP_SEMI_MT): finger count
    /// and centroid motion can be trusted, per-finger positions cannot.
    public var isSemiMultitouch: Bool { properties.contains(EventCode.INPUT_PROP_SEMI_MT) }

    /// Touchscreen (direct), touchpad (pointer, clickpad, or finger tools without being direct)
    /// or other, the way udev's input_id and libinput tell them apart.
    public var kind: DeviceKind {
        if multitouchProtocol == .none { return .other }
        if properties.contains(EventCode.INPUT_PROP_DIRECT) { return .touchscreen }
        if properties.contains(EventCode.INPUT_PROP_POINTER) || properties.contains(EventCode.INPUT_PROP_BUTTONPAD)
            || isSemiMultitouch || supports(EventCode.EV_KEY, EventCode.BTN_TOOL_FINGER)
        {
            return .touchpad
        }
        return .touchscreen
    }

    /// Slots the device advertises (protocol B), 1 for single-touch, 0 when unknown (protocol A).
    public var slotCount: Int {
        switch multitouchProtocol {
        case .slots: Int((absinfo[EventCode.ABS_MT_SLOT]?.maximum ?? 0) + 1)
        case .singleTouch: 1
        case .anonymous, .none: 0
        }
    }

    /// Most fingers the device can count (from its BTN_TOOL_* keys), if it says.
    public var fingerToolCount: Int? {
        (codes[EventCode.EV_KEY] ?? []).compactMap(EventCode.fingerCount(ofTool:)).max()
    }

    /// How many fingers it places (``DeviceGeometry/placedFingers``): a semi-MT pad only the
    /// centroid; a touchpad whose BTN_TOOL_* keys count more fingers than its slots, its slots
    /// (the others are fake, at a real one's position, as ``MultitouchDecoder`` adds them); any
    /// other device every finger it reports.
    public var placedFingers: Int {
        if isSemiMultitouch { return 1 }
        guard kind == .touchpad, let counted = fingerToolCount else { return .max }
        let slots = max(1, slotCount)
        return counted > slots ? slots : .max
    }

    /// The x axis contacts are reported on (the MT axis when there is one).
    public var xAxis: AbsInfo? { absinfo[EventCode.ABS_MT_POSITION_X] ?? absinfo[EventCode.ABS_X] }
    /// The y axis contacts are reported on.
    public var yAxis: AbsInfo? { absinfo[EventCode.ABS_MT_POSITION_Y] ?? absinfo[EventCode.ABS_Y] }

    /// Assumed length of the longer side of a touchscreen whose axes have no resolution:
    /// 300 mm (a 13–14" laptop panel).
    public static func fallbackLongSide(for kind: DeviceKind) -> Millimetres {
        kind == .touchpad ? touchpadFallbackSize.width : 300
    }

    /// The size libinput assumes for a touchpad whose axes have no resolution (and no
    /// AttrSizeHint): 69 × 50 mm, each axis scaled on its own. gestured assumes the same, so
    /// thresholds in millimetres mean the same distance to both.
    public static let touchpadFallbackSize = (width: 69.0, height: 50.0)

    /// The surface in millimetres, from the axes' resolution; when a resolution is 0 the size is
    /// estimated and says so: the quirks' ``sizeHint`` when there is one, else a touchpad is
    /// libinput's 69 × 50 mm (``touchpadFallbackSize``), a touchscreen square units with the
    /// longer side ``fallbackLongSide(for:)``.
    public var surface: Surface {
        guard let x = xAxis, let y = yAxis else { return Surface(width: 0, height: 0, estimated: true) }
        if x.resolution > 0 && y.resolution > 0 {
            return Surface(
                width: Double(x.span) / Double(x.resolution), height: Double(y.span) / Double(y.resolution), estimated: false)
        }
        if let hint = sizeHint, hint.width >= 1, hint.height >= 1 {
            // libinput makes a whole-number resolution from the hint, as from its fallback.
            let xResolution = max(1, x.span / Int(hint.width))
            let yResolution = max(1, y.span / Int(hint.height))
            return Surface(width: Double(x.span) / Double(xResolution), height: Double(y.span) / Double(yResolution), estimated: true)
        }
        if kind == .touchpad {
            // libinput sets a whole-number resolution from the assumed size: span / 69 units per mm.
            let xResolution = max(1, x.span / Int(Self.touchpadFallbackSize.width))
            let yResolution = max(1, y.span / Int(Self.touchpadFallbackSize.height))
            return Surface(width: Double(x.span) / Double(xResolution), height: Double(y.span) / Double(yResolution), estimated: true)
        }
        let unitsPerMillimetre = Double(max(x.span, y.span)) / Self.fallbackLongSide(for: kind)
        return Surface(width: Double(x.span) / unitsPerMillimetre, height: Double(y.span) / unitsPerMillimetre, estimated: true)
    }

    /// A surface size and whether it is an estimate.
    public struct Surface: Hashable, Sendable {
        /// Width in millimetres.
        public var width: Millimetres
        /// Height in millimetres.
        public var height: Millimetres
        /// True when the device gave no resolution and the size is assumed.
        public var estimated: Bool

        /// Creates a surface.
        public init(width: Millimetres, height: Millimetres, estimated: Bool) {
            self.width = width
            self.height = height
            self.estimated = estimated
        }

        /// The geometry the engine uses.
        public var geometry: DeviceGeometry { DeviceGeometry(width: width, height: height, isEstimated: estimated) }
    }
}
