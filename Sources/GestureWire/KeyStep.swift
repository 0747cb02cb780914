/// One step of a `keys` request: what the daemon's virtual keyboard and pointer do, in order.
/// Codes are the kernel's evdev key codes (`KEY_LEFTCTRL` is 29, `BTN_LEFT` 272); turning key
/// names into codes with the user's keyboard layout is the client's job (`gesturectl` does it
/// with libxkbcommon).
public enum KeyStep: Hashable, Sendable, CustomStringConvertible {
    /// The key goes down and stays down until released (by the client, or when it disconnects,
    /// is paused, or the daemon stops or reloads).
    case press(UInt16)
    /// The key comes up.
    case release(UInt16)
    /// The key goes down and up.
    case tap(UInt16)
    /// The vertical wheel turns this many detents (positive: away from the user, as REL_WHEEL).
    case wheel(Int32)
    /// The horizontal wheel turns this many detents (positive: right, as REL_HWHEEL).
    case hwheel(Int32)

    /// The step as a request carries it: `{"press": 29}`.
    public var json: JSONValue {
        switch self {
        case .press(let code): .object([("press", .int(Int64(code)))])
        case .release(let code): .object([("release", .int(Int64(code)))])
        case .tap(let code): .object([("tap", .int(Int64(code)))])
        case .wheel(let steps): .object([("wheel", .int(Int64(steps)))])
        case .hwheel(let steps): .object([("hwheel", .int(Int64(steps)))])
        }
    }

    public var description: String {
        switch self {
        case .press(let code): "press \(code)"
        case .release(let code): "release \(code)"
        case .tap(let code): "tap \(code)"
        case .wheel(let steps): "wheel \(steps)"
        case .hwheel(let steps): "hwheel \(steps)"
        }
    }

    /// The most detents one wheel step may turn.
    public static let maximumWheel: Int32 = 20
}
