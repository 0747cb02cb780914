/// What happened to one contact in one frame.
public enum TouchPhase: UInt8, Hashable, Sendable {
    /// The contact touched down in this frame.
    case began
    /// The contact was down before and moved in this frame.
    case moved
    /// The contact was down before and did not move in this frame.
    case stationary
    /// The contact lifted in this frame; its position is the last known one.
    case ended
    /// The source lost the contact (palm rejection, SYN_DROPPED, device removal) in this frame.
    case cancelled

    /// Whether the contact is still down after this frame.
    @inlinable public var isLive: Bool {
        switch self {
        case .began, .moved, .stationary: true
        case .ended, .cancelled: false
        }
    }
}
