import GestureOverlay

/// Where the overlay is shown: a surface over one output that lets every click through, takes
/// no focus, and is not there at all while nothing is drawn. ``OverlayLoop`` drives it; the
/// Wayland one (``WaylandOverlaySurface``) and the X11 one paint their own pixels with
/// ``OverlayPainter``, GNOME Shell's (``GnomeShellOverlaySurface``) hands the shapes to the
/// painter in gestured's GNOME Shell extension.
public protocol OverlaySurface: AnyObject {
    /// The descriptor to poll for reading (the display connection).
    var descriptor: Int32 { get }
    /// Whether the compositor has not yet drawn the last frame (the next waits for it).
    var framePending: Bool { get }
    /// Whether it is shown now.
    var isShown: Bool { get }
    /// The least time between two frames (seconds): 0 where the compositor paces them with
    /// frame callbacks (``framePending``).
    var frameInterval: Double { get }
    /// Before polling: flushes requests, handles what is queued.
    func prepare() throws(OverlayError)
    /// After polling: reads what came (`readable`) and handles it.
    func read(readable: Bool) throws(OverlayError)
    /// Shows it if it is not (a round trip), and gives its size in pixels.
    func show() throws(OverlayError) -> (width: Int, height: Int)
    /// Shows a frame of `shapes`, painted by `painter` (or by the desktop's own painter from the
    /// same shapes and settings); false when no buffer is free (the compositor still reads both).
    func draw(_ shapes: [OverlayShape], with painter: OverlayPainter) -> Bool
    /// Takes it off the screen.
    func hide()
}
