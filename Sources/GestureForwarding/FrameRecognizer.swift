import GestureCore

/// What forwarding needs of the recognizer (the daemon's hub, or a test's engine): each frame
/// recognized before its events are decided, and then, once a frame, what its consuming
/// gestures say of the device's contacts.
public protocol FrameRecognizer {
    /// Runs the engine's round over a read's decoded frames.
    func feed(_ frames: [TouchFrame])
    /// The consuming gestures' verdicts on `device`'s contacts, as of the last round.
    func verdicts(of device: DeviceID) -> TouchVerdicts
}
