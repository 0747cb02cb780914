/// One device in a recording: its description and its events in order.
public struct RecordedDevice: Hashable, Sendable {
    /// The device node it was recorded from, when the file says.
    public var node: String?
    /// What the device says about itself.
    public var description: DeviceDescription
    /// Its kernel events.
    public var events: [InputEvent]
    /// The 1-based line of each event in its file (empty when not read from a file).
    public var lines: [Int]

    /// Creates a recorded device.
    public init(node: String?, description: DeviceDescription, events: [InputEvent], lines: [Int] = []) {
        self.node = node
        self.description = description
        self.events = events
        self.lines = lines
    }
}
