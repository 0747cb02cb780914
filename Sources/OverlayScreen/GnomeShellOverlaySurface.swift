import GestureActions
import GestureDesktop
import GestureOverlay

/// The overlay on GNOME Shell (Wayland), where no client may put a surface above the windows:
/// gestured's GNOME Shell extension draws it, St actors above every window that take no input,
/// painted from the shapes this surface hands it over the session bus (`OverlayShow`,
/// `OverlayDraw` with ``ShellOverlayFrame``'s text, `OverlayHide`). The extension paces nothing:
/// each frame is a call answered once GNOME Shell has the shapes, at most ``frameInterval``
/// apart; when this program goes away the extension takes its drawing away too.
public final class GnomeShellOverlaySurface: OverlaySurface {
    let bus: DBusConnection
    /// The monitor's connector name ("": GNOME's primary monitor).
    let output: String
    var shown = false
    /// Why the last call failed: said at the next turn of the loop.
    var failure: OverlayError?

    /// Connects to the session bus at `address` (nil: the user's) and asks the extension whether
    /// it is there; throws with what is wrong (not installed, not enabled, another GNOME, or an
    /// extension older than this program, without the overlay).
    public init(address: String?, output: String?) throws(OverlayError) {
        do {
            bus = try DBusConnection(address: address)
        } catch {
            throw OverlayError(error.message)
        }
        self.output = output ?? ""
        do {
            try call("OverlayHide")
        } catch {
            if error.message.contains("org.freedesktop.DBus.Error.UnknownMethod") {
                throw OverlayError("gestured's GNOME Shell extension that runs has no overlay (it is older than this gestured-overlay): log out and in again, so that GNOME Shell loads the one installed")
            }
            throw OverlayError(GnomeShellProvider(address: address).diagnosis()?.message ?? error.message)
        }
        let gone = { [weak self] (owner: String) in
            if owner.isEmpty { self?.failure = OverlayError("gestured's GNOME Shell extension went away (disabled, or GNOME Shell stopped)") }
        }
        do {
            try bus.watchOwner(of: GnomeShellProvider.service, gone)
        } catch {
            throw OverlayError(error.message)
        }
    }

    /// A call to the extension's overlay.
    @discardableResult
    func call(_ member: String, _ arguments: [DBusValue] = []) throws(DesktopError) -> [DBusValue] {
        try bus.call(GnomeShellProvider.service, GnomeShellProvider.path, GnomeShellProvider.interface, member, arguments)
    }

    public var descriptor: Int32 { bus.descriptor }
    public var framePending: Bool { false }
    /// At most 60 frames a second, as on X11: GNOME Shell paints at its own pace.
    public var frameInterval: Double { 1.0 / 60 }
    public var isShown: Bool { shown }

    public func prepare() throws(OverlayError) {
        if let failure { throw failure }
    }

    public func read(readable: Bool) throws(OverlayError) {
        guard bus.process(waiting: 0) else { throw OverlayError("the session bus connection was lost") }
        if let failure { throw failure }
    }

    public func show() throws(OverlayError) -> (width: Int, height: Int) {
        let reply: [DBusValue]
        do {
            reply = try call("OverlayShow", [.string(output)])
        } catch {
            throw OverlayError("GNOME Shell would not show the overlay: \(error.message)")
        }
        guard reply.count == 2, case .int32(let width) = reply[0], case .int32(let height) = reply[1] else {
            throw OverlayError("gestured's GNOME Shell extension answered OverlayShow with something else than a size")
        }
        shown = true
        return (Int(width), Int(height))
    }

    public func draw(_ shapes: [OverlayShape], with painter: OverlayPainter) -> Bool {
        do {
            try call("OverlayDraw", [.string(ShellOverlayFrame.json(shapes, settings: painter.settings))])
        } catch {
            failure = OverlayError("GNOME Shell did not take a frame of the overlay: \(error.message)")
        }
        return true
    }

    public func hide() {
        shown = false
        _ = try? call("OverlayHide")
    }
}
