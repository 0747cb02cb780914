import Evdev
import GestureCore

/// What a grabbed node keeps while it forwards (``EvdevTouchSource/startForwarding(twin:decisionWindow:)``):
/// its twin, the forwarder's decisions, and the frame being read.
public final class TouchForwarding {
    /// How long a contact a consuming gesture may claim is held back before it is let go:
    /// 150 ms, under libinput's 180 ms tap timeout (a held tap is still a tap when played) and
    /// about what a swipe needs to leave its slop.
    public static let defaultDecisionWindow: Seconds = 0.15

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
