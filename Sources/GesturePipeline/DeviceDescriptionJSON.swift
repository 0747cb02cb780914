import Evdev
import GestureWire

/// A device's description as the `record` reply carries it, so a client can write a recording
/// another tool replays: `name`, `id` ([bus, vendor, product, version]), `codes` (type → codes),
/// `absinfo` (code → [minimum, maximum, fuzz, flat, resolution]), `properties`, and the `udev`
/// properties libinput would see (`ID_INPUT_TOUCHPAD=1`, …). The keys of `codes` and `absinfo`
/// are decimal strings, as JSON keys must be.
public enum DeviceDescriptionJSON {
    /// The description as an object.
    public static func object(_ description: DeviceDescription, udev: [String]) -> JSONValue {
        .object([
            ("name", .string(description.name)),
            ("id", .array([description.bus, description.vendor, description.product, description.version].map { .int(Int64($0)) })),
            ("codes", .object(description.codes.keys.sorted().map { type in
                (String(type), .array(description.codes[type]!.sorted().map { .int(Int64($0)) }))
            })),
            ("absinfo", .object(description.absinfo.keys.sorted().map { code in
                let info = description.absinfo[code]!
                return (String(code), .array([info.minimum, info.maximum, info.fuzz, info.flat, info.resolution].map { .int(Int64($0)) }))
            })),
            ("properties", .array(description.properties.sorted().map { .int(Int64($0)) })),
            ("udev", .array(udev.map(JSONValue.string))),
        ])
    }

    /// The description and udev properties in `value`, or nil when a part is missing or out of range.
    public static func description(_ value: JSONValue) -> (description: DeviceDescription, udev: [String])? {
        guard let name = value["name"]?.stringValue, let id = value["id"]?.arrayValue?.compactMap(\.intValue), id.count == 4,
            id.allSatisfy({ (0...0xFFFF).contains($0) }), case .object(let codeFields)? = value["codes"],
            case .object(let absFields)? = value["absinfo"]
        else { return nil }
        var codes: [UInt16: Set<UInt16>] = [:]
        for (key, list) in codeFields {
            guard let type = UInt16(key), let items = list.arrayValue?.compactMap(\.intValue) else { return nil }
            codes[type] = Set(items.compactMap { UInt16(exactly: $0) })
        }
        var absinfo: [UInt16: AbsInfo] = [:]
        for (key, list) in absFields {
            guard let code = UInt16(key), let items = list.arrayValue?.compactMap(\.intValue), items.count == 5,
                let numbers = Optional(items.compactMap { Int32(exactly: $0) }), numbers.count == 5
            else { return nil }
            absinfo[code] = AbsInfo(minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3], resolution: numbers[4])
        }
        let properties = Set((value["properties"]?.arrayValue ?? []).compactMap { $0.intValue.flatMap { UInt16(exactly: $0) } })
        let description = DeviceDescription(
            name: name, bus: UInt16(id[0]), vendor: UInt16(id[1]), product: UInt16(id[2]), version: UInt16(id[3]),
            properties: properties, codes: codes, absinfo: absinfo)
        return (description, (value["udev"]?.arrayValue ?? []).compactMap(\.stringValue))
    }

    /// The udev properties libinput classifies a device of `kind` by.
    public static func udevProperties(for kind: DeviceKind) -> [String] {
        switch kind {
        case .touchpad: ["ID_INPUT=1", "ID_INPUT_TOUCHPAD=1"]
        case .touchscreen: ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"]
        case .other: ["ID_INPUT=1"]
        }
    }
}
