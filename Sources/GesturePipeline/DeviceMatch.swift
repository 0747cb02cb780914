import Evdev

/// One entry of a binding's `devices:` filter: a device kind, or part of a device name.
public enum DeviceMatch: Hashable, Sendable {
    /// Devices of this kind (`touchscreen`, `touchpad`).
    case kind(DeviceKind)
    /// Devices whose name contains this text (case-insensitive).
    case name(String)

    /// Reads `touchscreen`, `touchpad`, or any other text as a name match.
    public init(_ text: String) {
        if let kind = DeviceKind(rawValue: text), kind != .other { self = .kind(kind) } else { self = .name(text) }
    }

    /// Whether a device matches.
    public func matches(_ profile: DeviceProfile) -> Bool {
        switch self {
        case .kind(let kind): profile.kind == kind
        case .name(let text): profile.name.lowercased().contains(text.lowercased())
        }
    }
}
