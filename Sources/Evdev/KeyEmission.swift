/// One thing the virtual keyboard writes to the kernel, as `KeyLedger` decides it.
public enum KeyEmission: Hashable, Sendable, CustomStringConvertible {
    /// EV_KEY: the key goes down (`true`) or up.
    case key(UInt16, down: Bool)
    /// EV_REL: a relative axis (REL_WHEEL, REL_HWHEEL) moves by this much.
    case relative(UInt16, Int32)
    /// EV_SYN SYN_REPORT: the end of a frame; what came before it happened at once.
    case sync

    /// `29↓`, `29↑`, `rel8:-2`, `|` (the end of a frame): for tests and logs of what is written.
    public var description: String {
        switch self {
        case .key(let code, let down): "\(code)\(down ? "↓" : "↑")"
        case .relative(let axis, let amount): "rel\(axis):\(amount)"
        case .sync: "|"
        }
    }
}
