/// A JSON value with ordered object keys, serialised deterministically: the same value always
/// gives the same bytes (no dictionary order, fixed number formatting).
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` / `false`.
    case bool(Bool)
    /// A whole number.
    case int(Int64)
    /// A number.
    case number(Double)
    /// A number kept as the text it arrived as, because neither `int` nor `number` carries it
    /// exactly (a 30-digit id, `1.50`, `1e999999`): echoed unchanged; its value is a Double's.
    case numberText(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; keys keep this order.
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized == rhs.serialized }
    public func hash(into hasher: inout Hasher) { hasher.combine(serialized) }

    /// The compact JSON text.
    public var serialized: String {
        var out: [UInt8] = []
        out.reserveCapacity(128)
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Written as bytes, not by appending to a String: a gesture's value is dozens of small
    /// pieces, and String appends of them cost several times as much (issue 10, fault 2).
    func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): out.append(contentsOf: String(value).utf8)
        case .number(let value): out.append(contentsOf: Self.format(value).utf8)
        case .numberText(let text): out.append(contentsOf: text.utf8)
        case .string(let value): Self.quote(value, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let pairs):
            out.append(UInt8(ascii: "{"))
            Self.writeMembers(pairs, to: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// An object's members as its text carries them, without the braces: `"a":1,"b":2`.
    public static func serializedMembers(_ pairs: [(String, JSONValue)]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        writeMembers(pairs, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func writeMembers(_ pairs: [(String, JSONValue)], to out: inout [UInt8]) {
        for (index, pair) in pairs.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            quote(pair.0, into: &out)
            out.append(UInt8(ascii: ":"))
            pair.1.write(to: &out)
        }
    }

    /// Shortest round-tripping decimal; whole numbers without a fraction; no `-0`; non-finite
    /// numbers (which JSON cannot carry) as `null`.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == 0 { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A JSON string: runs of bytes that need no escaping are copied whole.
    static func quote(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var run = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: bytes[run..<index])
                run = index + 1
                out.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
                case UInt8(ascii: "\n"): out.append(UInt8(ascii: "n"))
                case UInt8(ascii: "\r"): out.append(UInt8(ascii: "r"))
                case UInt8(ascii: "\t"): out.append(UInt8(ascii: "t"))
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
            }
            out.append(contentsOf: bytes[run..<bytes.count])
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension JSONValue {
    /// A number rounded to `places` decimals (wire values are rounded so transcripts are stable
    /// and readable: micrometres, microseconds).
    public static func rounded(_ value: Double, _ places: Int) -> JSONValue {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return .number((value * scale).rounded() / scale)
    }
}

extension JSONValue {
    /// The member named `key` of an object (the first, if repeated).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    /// The string, if this is one.
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }

    /// The whole number, if this is one.
    public var intValue: Int64? {
        switch self {
        case .int(let value): value
        case .number(let value) where value == value.rounded() && abs(value) < 9e15: Int64(value)
        default: nil
        }
    }

    /// The number (whole or not), if this is one.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .number(let value): value
        case .numberText(let text): Double(text)
        default: nil
        }
    }

    /// The array, if this is one.
    public var arrayValue: [JSONValue]? { if case .array(let items) = self { items } else { nil } }

    /// The object's keys in order, if this is one.
    public var objectKeys: [String]? { if case .object(let pairs) = self { pairs.map(\.0) } else { nil } }
}
