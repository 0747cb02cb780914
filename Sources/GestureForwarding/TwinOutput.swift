import Evdev

/// Where a grabbed device's forwarded events go (docs/OWNERSHIP.md): the daemon's
/// ``TouchTwin`` (a uinput copy of the device), or a double that records them. The daemon's
/// reader writes each frame's events here after the forwarder decided them, and nothing else.
public protocol TwinOutput: AnyObject {
    /// The twin's node (`/dev/input/eventN`), when it has one.
    var node: String? { get }
    /// Whether the twin reports `ABS_MT_TOOL_TYPE` (a contact a gesture takes is then cancelled
    /// as a palm, as libinput reads one).
    var hasToolType: Bool { get }
    /// Writes a frame's events (or none); throws when the twin refuses them.
    func write(_ events: [InputEvent]) throws
}
