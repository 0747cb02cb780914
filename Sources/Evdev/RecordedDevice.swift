/// One device in a recording: its description and its events in order.
public struct RecordedDevice: Hashable, Sendable {
    /// The device node it was recorded from, when the file says.
    public var node: String?
    /// What the device says about itself.
    public var description: DeviceDescription
    /// Its kernel events.
    public var events: [InputEvent]
    /// The 1-based line of each event in its file (empty when not read from a file).
    public var lines: [Int]
    /// The device's udev properties (`ID_INPUT_TOUCHPAD=1`, `LIBINPUT_CALIBRATION_MATRIX=…`),
    /// when the file has them (`libinput record`'s `udev: properties:`).
    public var udevProperties: [String: String]
    /// The libinput quirks that applied when it was recorded (`libinput record`'s `quirks:`),
    /// nil when the file does not say.
    public var quirks: DeviceQuirks?
    /// The device's state when recording began, as far as the file describes it (the `Value` of
    /// each axis in the description's comments: the current slot and the single-touch axes);
    /// nil when it says nothing. The decoder starts from it.
    public var initialState: DeviceState?

    /// Creates a recorded device.
    public init(
        node: String?, description: DeviceDescription, events: [InputEvent], lines: [Int] = [],
        udevProperties: [String: String] = [:], quirks: DeviceQuirks? = nil, initialState: DeviceState? = nil
    ) {
        self.node = node
        self.description = description
        self.events = events
        self.lines = lines
        self.udevProperties = udevProperties
        self.quirks = quirks
        self.initialState = initialState
    }

    /// The identity libinput's quirks are matched against, on the machine described by `dmi`.
    public func identity(dmi: String?) -> DeviceIdentity {
        DeviceIdentity(description: description, udevProperties: udevProperties, dmi: dmi)
    }
}
