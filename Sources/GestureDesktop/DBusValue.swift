/// One argument or reply value on D-Bus, of the few types gestured's desktop calls use.
public enum DBusValue: Hashable, Sendable {
    /// `s`
    case string(String)
    /// `i`
    case int32(Int32)
    /// `b`
    case bool(Bool)
    /// `as`
    case strings([String])
    /// `d`
    case double(Double)
    /// `a{sv}`, read only: a dictionary of variants, as far as their values are of these types.
    case dictionary([String: DBusValue])

    /// The D-Bus signature of the value.
    var signature: String {
        switch self {
        case .string: "s"
        case .int32: "i"
        case .bool: "b"
        case .strings: "as"
        case .double: "d"
        case .dictionary: "a{sv}"
        }
    }

    /// The string, when the value is one.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }
}
