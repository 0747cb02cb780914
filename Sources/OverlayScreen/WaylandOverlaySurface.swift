import CLayerShell
import GestureOverlay

/// The overlay on a Wayland compositor with wlr-layer-shell (sway, labwc, river, Hyprland,
/// KDE Plasma, …): a layer surface on the overlay layer — above fullscreen windows — anchored to
/// every edge of one output, with an empty input region and no keyboard interactivity; drawn
/// into two shared-memory buffers, a frame at a time as the compositor's frame callbacks allow.
/// Hidden, it is destroyed: no surface stays mapped while nothing is drawn.
public final class WaylandOverlaySurface: OverlaySurface {
    let overlay: OpaquePointer

    /// Connects to `display` (nil: `$WAYLAND_DISPLAY`), to cover output `output` (nil: the
    /// compositor's choice).
    public init(display: String?, output: String?) throws(OverlayError) {
        var message = [CChar](repeating: 0, count: 512)
        guard let overlay = gestured_overlay_connect(display, output, &message, message.count) else {
            throw OverlayError(CairoImage.text(message))
        }
        self.overlay = overlay
    }

    deinit { gestured_overlay_destroy(overlay) }

    public var descriptor: Int32 { gestured_overlay_fd(overlay) }
    public var framePending: Bool { gestured_overlay_frame_pending(overlay) != 0 }
    public var frameInterval: Double { 0 }
    public var isShown: Bool { gestured_overlay_shown(overlay) != 0 && gestured_overlay_closed(overlay) == 0 }

    public func prepare() throws(OverlayError) {
        guard gestured_overlay_prepare(overlay) >= 0 else { throw OverlayError("the Wayland connection was lost") }
    }

    public func read(readable: Bool) throws(OverlayError) {
        guard gestured_overlay_read(overlay, readable ? 1 : 0) >= 0 else { throw OverlayError("the Wayland connection was lost") }
    }

    public func show() throws(OverlayError) -> (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        guard gestured_overlay_show(overlay, &width, &height) >= 0 else { throw OverlayError("the compositor would not show the overlay's layer surface") }
        return (Int(width), Int(height))
    }

    public func draw(_ shapes: [OverlayShape], with painter: OverlayPainter) -> Bool {
        var width: Int32 = 0, height: Int32 = 0, stride: Int32 = 0
        guard gestured_overlay_show(overlay, &width, &height) >= 0, let pixels = gestured_overlay_buffer(overlay, &stride) else { return false }
        CairoImage.paint(pixels, width: width, height: height, stride: stride) { cr, width, height in
            painter.paint(shapes, on: cr, width: Double(width), height: Double(height))
        }
        gestured_overlay_commit(overlay)
        return true
    }

    public func hide() { gestured_overlay_hide(overlay) }
}
