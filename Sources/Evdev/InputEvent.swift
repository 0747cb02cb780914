import GestureCore

/// One kernel input event (`struct input_event`): when, type, code, value.
public struct InputEvent: Hashable, Sendable, CustomStringConvertible {
    /// The event's timestamp (the kernel's, or the recording's).
    public var time: Timestamp
    /// Event type (`EV_SYN`, `EV_KEY`, `EV_ABS`, …).
    public var type: UInt16
    /// Event code within the type (`ABS_MT_SLOT`, `BTN_TOUCH`, …).
    public var code: UInt16
    /// The value.
    public var value: Int32

    /// Creates an event.
    public init(time: Timestamp, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }

    public var description: String {
        "\(time) \(EventCode.typeName(type)) \(EventCode.codeName(type: type, code: code)) \(value)"
    }
}
