/// One thing the virtual keyboard writes to the kernel, as ``KeyLedger`` decides it.
public enum KeyEmission: Hashable, Sendable {
    /// EV_KEY: the key goes down (`true`) or up.
    case key(UInt16, down: Bool)
    /// EV_REL: a relative axis (REL_WHEEL, REL_HWHEEL) moves by this much.
    case relative(UInt16, Int32)
    /// EV_SYN SYN_REPORT: the end of a frame; what came before it happened at once.
    case sync
}
