import Evdev
import GestureCore

/// Who decides whether the desktop sees a contact: the daemon's engine, through its consuming
/// gestures' claims, read after each frame it recognized (``TouchForwarder``).
public protocol TouchOwnership {
    /// The verdict on the contact with this tracking id, as of the last frame; nil when the
    /// owner does not know it (a palm it never saw, a contact that lifted a frame ago).
    func verdict(forContact trackingID: Int32) -> TouchVerdict?
    /// Some consuming gesture of the device is still undecided (it may yet claim a contact
    /// that already lifted, as a double tap claims its first tap).
    var isDeciding: Bool { get }
    /// How many times a consuming gesture of the device claimed touches: a count that moves
    /// while a lifted contact waits says the contact was claimed.
    var consumptions: UInt64 { get }
}
