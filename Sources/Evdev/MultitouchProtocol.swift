/// How a device reports its contacts.
public enum MultitouchProtocol: String, Hashable, Sendable {
    /// Slots and tracking ids (ABS_MT_SLOT, ABS_MT_TRACKING_ID).
    case slots
    /// Anonymous contacts separated by SYN_MT_REPORT.
    case anonymous
    /// One contact: ABS_X / ABS_Y and BTN_TOUCH.
    case singleTouch
    /// No position axes: not a touch device.
    case none
}
