import GestureWire

/// Mouse buttons and wheel detents by the names people write: `left`, `right`, `middle`,
/// `side`, `extra`, `forward`, `back`, or X11's button numbers as xdotool takes them (1 left,
/// 2 middle, 3 right, 4/5 wheel up/down, 6/7 wheel left/right, 8 back, 9 forward).
public enum PointerButtons {
    static let codes: [String: UInt16] = [
        "left": 0x110, "right": 0x111, "middle": 0x112, "side": 0x113, "extra": 0x114, "forward": 0x115, "back": 0x116, "task": 0x117,
    ]

    /// The steps that click `name` once (a button, or a wheel detent for X11's 4–7).
    public static func click(_ name: String) throws(KeyNameError) -> [KeyStep] {
        let lower = name.lowercased()
        switch lower {
        case "1": return [.tap(0x110)]
        case "2": return [.tap(0x112)]
        case "3": return [.tap(0x111)]
        case "4", "wheel-up", "up": return [.wheel(1)]
        case "5", "wheel-down", "down": return [.wheel(-1)]
        case "6", "wheel-left": return [.hwheel(-1)]
        case "7", "wheel-right": return [.hwheel(1)]
        case "8": return [.tap(0x116)]
        case "9": return [.tap(0x115)]
        default:
            guard let code = codes[lower] else {
                throw KeyNameError("unknown button \"\(name)\"; buttons are left, right, middle, side, extra, forward, back, or 1–9 as xdotool numbers them")
            }
            return [.tap(code)]
        }
    }

    /// The code of a button (not a wheel), for press and release.
    public static func code(_ name: String) throws(KeyNameError) -> UInt16 {
        guard case .tap(let code)? = try click(name).first else {
            throw KeyNameError("\"\(name)\" is a wheel detent, not a button that can be held")
        }
        return code
    }
}
