import Evdev
import GestureCore

/// What a grabbed node keeps while it forwards (``EvdevTouchSource/startForwarding(twin:decisionWindow:)``):
/// its twin, the forwarder's decisions, and the frame being read.
final class TouchForwarding {

    let twin: TouchTwin
    var forwarder: TouchForwarder
    /// The node's state as the grab began: what the desktop last read of it.
    let seen: DeviceState
    /// The events of the frame being read (a read may end inside a frame).
    var frame: [InputEvent] = []
    /// What the twin is written, reused.
    var out: [InputEvent] = []
    /// Frames of one record run, reused.
    var frames: [TouchFrame] = []

    init(twin: TouchTwin, forwarder: TouchForwarder, seen: DeviceState) {
        self.twin = twin
        self.forwarder = forwarder
        self.seen = seen
        frame.reserveCapacity(64)
        out.reserveCapacity(128)
    }
}
