import GestureWire

/// A compositor that says how its screens are turned, and when that changes: what the actions
/// runner tells the daemon (a `screens` request), so that touchscreens configured with
/// `rotation: follow` turn with their screen. Thread-safe: reports come on the source's own
/// thread.
public protocol ScreenSource: AnyObject, Sendable {
    /// The compositor and how it is reached, for the log (`sway (IPC at $SWAYSOCK)`).
    var name: String { get }
    /// Reads the screens now, hands them to `changed`, and starts following them: `changed` is
    /// called again, on the source's own thread, with every screen each time one turns (or
    /// outputs come and go). Throws when the compositor cannot be reached.
    func start(_ changed: @escaping @Sendable (ScreenReport) -> Void) throws(DesktopError)
    /// Stops following.
    func stop()
}
