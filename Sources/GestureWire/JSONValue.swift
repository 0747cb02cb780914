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
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .number(let value): out += Self.format(value)
        case .numberText(let text): out += text
        case .string(let value): Self.quote(value, into: &out)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            Self.writeMembers(pairs, to: &out)
            out += "}"
        }
    }

    /// An object's members as its text carries them, without the braces: `"a":1,"b":2`.
    public static func serializedMembers(_ pairs: [(String, JSONValue)]) -> String {
        var out = ""
        writeMembers(pairs, to: &out)
        return out
    }

    static func writeMembers(_ pairs: [(String, JSONValue)], to out: inout String) {
        for (index, pair) in pairs.enumerated() {
            if index > 0 { out += "," }
            quote(pair.0, into: &out)
            out += ":"
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

    static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
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
