import Evdev
import GestureCore

/// A contact that lifted while still held (a consuming gesture was still deciding, as a double
/// tap does between its taps): its frames wait for the verdict, the window, or the end of the
/// device's undecided consumers (``TouchForwarder``).
struct HeldContact: Sendable, Equatable {
    /// Its tracking id, which the verdict is asked for.
    var trackingID: Int32
    /// The slot it was in (played there again if the twin's slot is free).
    var slot: Int32
    /// When it began to be held.
    var since: Timestamp
    /// Its slot's values after each frame that changed them, the lift last.
    var frames: [[UInt16: Int32]]
    /// The device's count of consumptions when it lifted: a consumption after it claims it.
    var consumptions: UInt64
}
