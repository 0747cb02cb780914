import Evdev
import GestureCore

/// What ``EvdevTouchSource/nextFrame(in:at:events:frames:)`` found in a grabbed node's read.
public enum ForwardedRead: Sendable {
    /// A frame ended (SYN_REPORT): its raw events and its decoded frames are ready.
    case frame
    /// The read ended inside a frame: its decoded part is ready, its events wait for the rest.
    case partial
    /// The kernel dropped events (SYN_DROPPED): the rest of the read and what the node held were
    /// discarded, and the decoder restarted from the device's state, read again, as of the time.
    case lost(DeviceState, Timestamp)
}
