/// What the owner of a device's touches says about one contact after a frame: whether the
/// desktop may see it. The daemon asks its engine (``TouchForwarder`` asks by tracking id).
public enum TouchVerdict: Sendable, Hashable {
    /// No consuming gesture can claim it: the desktop sees it as it happens.
    case forward
    /// A consuming gesture may still claim it: keep its changes back until that is decided.
    case hold
    /// A consuming gesture claimed it: the desktop does not see it again until it lifts.
    case consume
}
