/// Whether the desktop may see one contact, after a frame: what a device's consuming gestures
/// say about it (``GestureEngine/verdict(forContact:on:)``), and what a forwarder that grabbed
/// the device applies to it.
public enum TouchVerdict: Sendable, Hashable {
    /// No consuming gesture can claim it: the desktop sees it as it happens.
    case forward
    /// A consuming gesture may still claim it: keep its changes back until that is decided.
    case hold
    /// A consuming gesture claimed it: the desktop does not see it again until it lifts.
    case consume
}
