import GestureActions

/// A desktop gestured can ask which window has the focus, and tell to act on windows: the
/// compositor's or window manager's own interface, followed by events where it has them.
/// Thread-safe: the runner asks from its loop while events arrive on the provider's own thread.
public protocol DesktopProvider: AnyObject, Sendable {
    /// The desktop and how it is reached, for the log (`sway (IPC at $SWAYSOCK)`).
    var name: String { get }
    /// Connects, reads the focus now and starts following it; throws when the desktop cannot
    /// be reached.
    func start() throws(DesktopError)
    /// The focused window as last reported (nil: none, or the desktop went away).
    func focused() -> FocusedWindow?
    /// Does `action`; throws with why when the desktop cannot, or refused.
    func perform(_ action: WindowAction) throws(DesktopError)
    /// Stops following.
    func stop()
}
