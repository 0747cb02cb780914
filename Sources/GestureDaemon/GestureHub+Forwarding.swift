import GestureForwarding

/// The hub is what a grabbed node's frames are recognized by before they are forwarded
/// (``NodeForwarding/forward(_:from:to:)``): its engine's round, then its verdicts.
extension GestureHub: FrameRecognizer {}
