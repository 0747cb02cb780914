/// What kind of touch device a description is, as gestured classifies it.
public enum DeviceKind: String, Hashable, Sendable, CaseIterable {
    /// A direct-touch surface on a display (INPUT_PROP_DIRECT).
    case touchscreen
    /// An indirect surface driving a pointer (INPUT_PROP_POINTER / BUTTONPAD, or finger tools).
    case touchpad
    /// Anything else (no absolute position axes).
    case other
}
