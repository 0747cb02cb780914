/// Everything one device reported between two synchronisation points (one evdev
/// SYN_REPORT, one libinput TOUCH_FRAME). Frames are the unit of atomicity: the engine
/// settles all consequences of a frame before it announces any of them.
///
/// A frame lists every live contact of the device, plus the contacts that ended or were
/// cancelled in it. A contact the engine knew that is missing from a frame is treated as
/// cancelled.
public struct TouchFrame: Hashable, Sendable {
    /// The device the contacts are on.
    public var device: DeviceID
    /// When the frame happened (the event timestamp, monotonic).
    public var time: Timestamp
    /// The contacts, in any order.
    public var contacts: [Contact]

    /// Creates a frame.
    @inlinable public init(device: DeviceID, time: Timestamp, contacts: [Contact]) {
        self.device = device
        self.time = time
        self.contacts = contacts
    }
}
