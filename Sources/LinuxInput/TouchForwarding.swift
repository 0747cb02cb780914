import Evdev
import GestureCore

/// What a grabbed node keeps while it forwards (``EvdevTouchSource/startForwarding(twin:decisionWindow:)``):
/// its twin, the forwarder's decisions, and the frame being read.
final class TouchForwarding {

    let twin: TouchTwin
    var forwarder: TouchForwarder
    /// The events of the frame being read (a read may end inside a frame).
    var frame: [InputEvent] = []
    /// What the twin is written, reused.
    var out: [InputEvent] = []
    /// Frames of one record run, reused.
    var frames: [TouchFrame] = []

    init(twin: TouchTwin, forwarder: TouchForwarder) {
        self.twin = twin
        self.forwarder = forwarder
        frame.reserveCapacity(64)
        out.reserveCapacity(128)
    }
}
