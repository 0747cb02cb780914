/// What libinput's quirks are matched against: the device's name and ids, its udev input
/// types, and the machine's DMI modalias and device tree (for a recording, the machine it was
/// recorded on, when the file says; never the machine replaying it).
public struct DeviceIdentity: Hashable, Sendable {
    /// The kernel's device name.
    public var name: String
    /// Bus type (`BUS_I8042` = 0x11 is `ps2` in quirks files).
    public var bus: UInt16
    /// Vendor id.
    public var vendor: UInt16
    /// Product id.
    public var product: UInt16
    /// Version.
    public var version: UInt16
    /// udev's input types of the device, as quirks name them (`touchpad`, `tablet`, …).
    public var udevTypes: Set<String>
    /// `/sys/class/dmi/id/modalias` of the machine, when known.
    public var dmi: String?
    /// The first `compatible` string of the machine's device tree, when known.
    public var deviceTree: String?

    /// Creates an identity.
    public init(
        name: String, bus: UInt16, vendor: UInt16, product: UInt16, version: UInt16 = 0,
        udevTypes: Set<String>, dmi: String? = nil, deviceTree: String? = nil
    ) {
        self.name = name
        self.bus = bus
        self.vendor = vendor
        self.product = product
        self.version = version
        self.udevTypes = udevTypes
        self.dmi = dmi
        self.deviceTree = deviceTree
    }

    /// The identity of a described device. udev's types come from `udevProperties` when known
    /// (`ID_INPUT_TOUCHPAD=1` and so on, as libinput reads them), otherwise from the device's
    /// kind as udev's input_id would decide it.
    public init(description: DeviceDescription, udevProperties: [String: String] = [:], dmi: String? = nil, deviceTree: String? = nil) {
        var types = Set<String>()
        let byProperty = [
            "ID_INPUT_MOUSE": "mouse", "ID_INPUT_POINTINGSTICK": "pointingstick", "ID_INPUT_TOUCHPAD": "touchpad",
            "ID_INPUT_TABLET": "tablet", "ID_INPUT_TABLET_PAD": "tablet-pad", "ID_INPUT_JOYSTICK": "joystick",
            "ID_INPUT_KEYBOARD": "keyboard", "ID_INPUT_KEY": "keyboard",
        ]
        for (property, type) in byProperty where udevProperties[property] != nil { types.insert(type) }
        if udevProperties.isEmpty, description.kind == .touchpad { types.insert("touchpad") }
        self.init(
            name: description.name, bus: description.bus, vendor: description.vendor, product: description.product,
            version: description.version, udevTypes: types, dmi: dmi, deviceTree: deviceTree)
    }
}
