import Evdev
import GestureCore
import LinuxInput

/// What a grabbed node's reader keeps while it forwards (docs/OWNERSHIP.md): where the events
/// go (its twin), the forwarder's decisions, the node's state as the grab began (written back as
/// it ends), and the buffers a frame is read into, reused.
final class NodeForwarding {
    let twin: any TwinOutput
    var forwarder: TouchForwarder
    /// The node's state as the grab began: what the desktop last read of it.
    let seen: DeviceState
    /// The events of the frame being read (a read may end inside a frame).
    var frame: [InputEvent] = []
    /// What the twin is written, reused.
    var out: [InputEvent] = []
    /// The frame's decoded frames, reused.
    var frames: [TouchFrame] = []

    init(twin: any TwinOutput, forwarder: TouchForwarder, seen: DeviceState) {
        self.twin = twin
        self.forwarder = forwarder
        self.seen = seen
        frame.reserveCapacity(64)
        out.reserveCapacity(128)
    }
}
