import GestureCore

/// The quirks that apply to one device: libinput's `Model…` and `Attr…` properties, the last
/// assignment of each key winning (as in libinput: later sections, and the local overrides,
/// override earlier ones), with typed readers for the keys gestured uses.
public struct DeviceQuirks: Hashable, Sendable {
    /// Every property by key.
    public var properties: [String: String]
    /// The sections that applied, in order (empty when the quirks came from a recording).
    public var sections: [String]

    /// Creates quirks from properties.
    public init(properties: [String: String] = [:], sections: [String] = []) {
        self.properties = properties
        self.sections = sections
    }

    /// Quirks as a `libinput record` file lists them (`- AttrPalmPressureThreshold=150`).
    public init(recorded lines: [String]) {
        var properties: [String: String] = [:]
        for line in lines {
            guard let equals = line.firstIndex(of: "=") else { continue }
            properties[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        self.init(properties: properties)
    }

    /// A non-negative whole number property.
    public func unsigned(_ key: String) -> UInt32? {
        properties[key].flatMap { UInt32($0) }
    }

    /// Whether a `Model…=1` flag is set.
    public func flag(_ key: String) -> Bool {
        properties[key] == "1"
    }

    /// `AttrPalmPressureThreshold`: pressure above which a touch is a palm (0 turns it off).
    public var palmPressureThreshold: UInt32? { unsigned("AttrPalmPressureThreshold") }
    /// `AttrPalmSizeThreshold`: touch size (major or minor axis, device units) above which a
    /// touch is a palm (0 turns it off).
    public var palmSizeThreshold: UInt32? { unsigned("AttrPalmSizeThreshold") }
    /// `AttrThumbPressureThreshold`: pressure above which a touch low on a clickpad is a thumb.
    public var thumbPressureThreshold: UInt32? { unsigned("AttrThumbPressureThreshold") }
    /// `AttrThumbSizeThreshold`: touch size above which a touch is a thumb.
    public var thumbSizeThreshold: UInt32? { unsigned("AttrThumbSizeThreshold") }
    /// `AttrSizeHint=WxH` (mm): the size of a device whose axes have no resolution.
    public var sizeHint: Size? {
        guard let text = properties["AttrSizeHint"] else { return nil }
        let parts = text.split(separator: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]), width >= 1, height >= 1,
            width.isFinite, height.isFinite
        else { return nil }
        return Size(width: width, height: height)
    }
    /// `ModelAppleTouchpad`: libinput turns edge palm detection off for these.
    public var isAppleTouchpad: Bool { flag("ModelAppleTouchpad") }
    /// `ModelWacomTouchpad`: a Wacom tablet's touch surface.
    public var isWacomTouchpad: Bool { flag("ModelWacomTouchpad") }
}
