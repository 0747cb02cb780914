import GestureActions

/// What the overlay is told, in the order the daemon and the actions file say it.
public enum OverlayEvent: Sendable, Equatable {
    /// A device the daemon uses (its `hello` or a `device-added`).
    case device(OverlayDevice)
    /// A device went away: its trails, fingers and cards go with it.
    case deviceRemoved(Int64)
    /// A frame of touches on a device (a `touches` event): every touch down, and those that
    /// lifted with it.
    case touches(device: Int64, contacts: [OverlayContact])
    /// A gesture event.
    case gesture(OverlayGesture)
    /// What the actions file runs for an instance (the runner's ``ActionTracker``, as the
    /// view tells it), in words (`ran keys super+Right`, or `would run …` when no runner runs
    /// the file): shown on that instance's card.
    case action(gesture: String, instance: Int64, text: String)
    /// The connection to the daemon is gone: everything drawn goes.
    case reset
    /// The actions file's `overlay:` read again (the file changed on disk): drawn from now on.
    case settings(ActionsOverlay)
}
