import CX11Overlay
import GestureOverlay

/// The overlay on X11: an override-redirect window over the whole screen with an ARGB visual and
/// an empty input shape (touchegg's way), its pixels put after each frame cairo paints. X has no
/// frame callbacks for it: it draws at most ``frameInterval`` apart. Hidden, it is destroyed.
/// It needs a compositing manager for its transparency, and says so when there is none.
public final class X11OverlaySurface: OverlaySurface {
    let overlay: OpaquePointer

    /// Connects to X display `display` (nil: `$DISPLAY`).
    public init(display: String?) throws(OverlayError) {
        var message = [CChar](repeating: 0, count: 512)
        guard let overlay = gestured_x11_overlay_connect(display, &message, message.count) else {
            throw OverlayError(CairoImage.text(message))
        }
        self.overlay = overlay
    }

    deinit { gestured_x11_overlay_destroy(overlay) }

    public var descriptor: Int32 { gestured_x11_overlay_fd(overlay) }
    public var framePending: Bool { false }
    /// At most 60 frames a second: a 240 Hz touchscreen would otherwise put every frame.
    public var frameInterval: Double { 1.0 / 60 }
    public var isShown: Bool { gestured_x11_overlay_shown(overlay) != 0 }

    public func prepare() throws(OverlayError) {
        guard gestured_x11_overlay_flush(overlay) >= 0 else { throw OverlayError("the X connection was lost") }
    }

    public func read(readable: Bool) throws(OverlayError) {
        guard gestured_x11_overlay_read(overlay) >= 0 else { throw OverlayError("the X connection was lost") }
    }

    public func show() throws(OverlayError) -> (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        guard gestured_x11_overlay_show(overlay, &width, &height) >= 0 else { throw OverlayError("the overlay's window could not be made") }
        return (Int(width), Int(height))
    }

    public func draw(_ shapes: [OverlayShape], with painter: OverlayPainter) -> Bool {
        var width: Int32 = 0, height: Int32 = 0, stride: Int32 = 0
        guard gestured_x11_overlay_show(overlay, &width, &height) >= 0, let pixels = gestured_x11_overlay_buffer(overlay, &stride) else { return false }
        CairoImage.paint(pixels, width: width, height: height, stride: stride) { cr, width, height in
            painter.paint(shapes, on: cr, width: Double(width), height: Double(height))
        }
        gestured_x11_overlay_commit(overlay)
        return true
    }

    public func hide() { gestured_x11_overlay_hide(overlay) }
}
