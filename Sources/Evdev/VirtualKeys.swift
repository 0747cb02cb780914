/// What the daemon's virtual keyboard and pointer can send: every keyboard key (1–255 and the
/// extended keys 0x160–0x2bf), the mouse buttons, the wheels. Left out on purpose: KEY_SYSRQ
/// (with alt, the kernel's magic SysRq handler listens to every keyboard, virtual ones too),
/// touch and tool codes (BTN_TOUCH, BTN_TOOL_*: udev would call it a tablet) and joystick and
/// gamepad buttons (a joystick). Relative X and Y are declared, never moved, so that udev and
/// libinput call it a mouse and take its buttons and wheel.
public enum VirtualKeys {
    /// KEY_SYSRQ.
    public static let sysrq: UInt16 = 99
    /// REL_X, REL_Y, REL_HWHEEL, REL_WHEEL.
    public static let REL_X: UInt16 = 0x00, REL_Y: UInt16 = 0x01, REL_HWHEEL: UInt16 = 0x06, REL_WHEEL: UInt16 = 0x08

    /// Whether `code` may be pressed.
    public static func allows(_ code: UInt16) -> Bool {
        switch code {
        case sysrq: false
        case 1...0xff, 0x110...0x117, 0x160...0x2bf: true
        default: false
        }
    }

    /// Every code that may be pressed, in order (what the device declares).
    public static let keys: [UInt16] = (1...0x2bf).filter(allows)

    /// The relative axes it declares.
    public static let axes: [UInt16] = [REL_X, REL_Y, REL_HWHEEL, REL_WHEEL]

    /// What a refused code is, for the error message.
    public static func refusal(_ code: UInt16) -> String {
        code == sysrq
            ? "key \(code) (KEY_SYSRQ) is not on gestured's virtual keyboard: with alt it would reach the kernel's SysRq handler"
            : "code \(code) is not on gestured's virtual keyboard (keyboard keys 1–255 and 352–703, mouse buttons 272–279)"
    }
}
