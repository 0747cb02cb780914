import Evdev
import GestureCore

/// What forwarding needs of the recognizer (the daemon's hub, or a test's engine): each frame
/// recognized before its events are decided, and the verdicts the recognizer then holds.
public protocol FrameRecognizer {
    /// The verdict type the forwarder asks of a device's contacts.
    associatedtype Owner: TouchOwnership
    /// Runs the engine's round over a read's decoded frames.
    func feed(_ frames: [TouchFrame])
    /// The consuming gestures' verdicts on `device`'s contacts, as of the last round.
    func ownership(of device: DeviceID) -> Owner
}
