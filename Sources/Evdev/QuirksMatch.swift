import Glibc

/// One `Match…=` line of a libinput quirks section. A section applies to a device when every
/// one of its matches holds; a match on something the device does not say (no DMI modalias,
/// say) does not hold, as in libinput.
public enum QuirksMatch: Hashable, Sendable {
    /// `MatchName`: a shell glob (fnmatch) on the kernel's device name.
    case name(String)
    /// `MatchBus`: `usb`, `bluetooth`, `ps2`, `rmi`, `i2c` or `spi`, as the kernel's bus type.
    case bus(UInt16)
    /// `MatchVendor`: the vendor id.
    case vendor(UInt16)
    /// `MatchProduct`: the product id.
    case product(UInt16)
    /// `MatchVersion`: the version.
    case version(UInt16)
    /// `MatchDMIModalias`: a glob on the machine's `/sys/class/dmi/id/modalias`.
    case dmi(String)
    /// `MatchUdevType`: `touchpad`, `mouse`, `pointingstick`, `keyboard`, `joystick`, `tablet`
    /// or `tablet-pad`, against the device's udev `ID_INPUT_*` types.
    case udevType(String)
    /// `MatchDeviceTree`: a glob on the machine's device-tree `compatible` string.
    case deviceTree(String)

    /// The kernel's bus numbers by the names quirks files use.
    static let buses: [String: UInt16] = ["usb": 0x03, "bluetooth": 0x05, "ps2": 0x11, "rmi": 0x1D, "i2c": 0x18, "spi": 0x1C]
    /// The udev types quirks files may name.
    static let udevTypes: Set<String> = ["touchpad", "mouse", "pointingstick", "keyboard", "joystick", "tablet", "tablet-pad"]

    /// Parses `key=value`; nil with a message when libinput would refuse it.
    static func parse(key: String, value: String) -> Result<QuirksMatch, QuirksProblem> {
        func hex() -> UInt16? {
            guard value.hasPrefix("0x"), let number = UInt32(value.dropFirst(2), radix: 16) else { return nil }
            return UInt16(exactly: number)
        }
        switch key {
        case "MatchName": return .success(.name(value))
        case "MatchBus":
            guard let bus = buses[value] else { return .failure(QuirksProblem("unknown bus `\(value)` (usb, bluetooth, ps2, rmi, i2c or spi)")) }
            return .success(.bus(bus))
        case "MatchVendor", "MatchProduct", "MatchVersion":
            guard let number = hex() else { return .failure(QuirksProblem("expected a hexadecimal id like 0x046d for \(key), found `\(value)`")) }
            return .success(key == "MatchVendor" ? .vendor(number) : key == "MatchProduct" ? .product(number) : .version(number))
        case "MatchDMIModalias":
            guard value.hasPrefix("dmi:") else { return .failure(QuirksProblem("MatchDMIModalias must start with `dmi:`")) }
            return .success(.dmi(value))
        case "MatchUdevType":
            guard udevTypes.contains(value) else { return .failure(QuirksProblem("unknown udev type `\(value)`")) }
            return .success(.udevType(value))
        case "MatchDeviceTree": return .success(.deviceTree(value))
        default: return .failure(QuirksProblem("unknown match key `\(key)`"))
        }
    }

    /// Whether `identity` satisfies this match.
    public func holds(for identity: DeviceIdentity) -> Bool {
        switch self {
        case .name(let glob): Self.glob(glob, identity.name)
        case .bus(let bus): identity.bus == bus
        case .vendor(let vendor): identity.vendor == vendor
        case .product(let product): identity.product == product
        case .version(let version): identity.version == version
        case .dmi(let glob): identity.dmi.map { Self.glob(glob, $0) } ?? false
        case .udevType(let type): identity.udevTypes.contains(type)
        case .deviceTree(let glob): identity.deviceTree.map { Self.glob(glob, $0) } ?? false
        }
    }

    /// fnmatch(3) without flags, as libinput matches names and modaliases.
    static func glob(_ pattern: String, _ text: String) -> Bool {
        fnmatch(pattern, text, 0) == 0
    }
}

/// Why a quirks line was refused (the reader adds file and line).
struct QuirksProblem: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
