import Evdev
import GestureCore

/// Where one contact of a grabbed device stands with the desktop (``TouchForwarder``).
enum ForwardedContact: Sendable, Equatable {
    /// The twin mirrors it, change by change.
    case shown
    /// Its changes are kept back while a consuming gesture decides: the twin shows it frozen
    /// where it last was (`shown`) or not at all; `frames` are the slot's values after each
    /// frame that changed them, oldest first, played to the twin if it is let go.
    case held(since: Timestamp, shown: Bool, frames: [[UInt16: Int32]])
    /// Claimed: the twin never shows it again. One already shown was cancelled there
    /// (`cancelled`: turned into a palm, or lifted) and stays so until it lifts.
    case consumed(cancelled: Bool)
}
