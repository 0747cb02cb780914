import CCairo
import GestureActions
import GestureOverlay

/// Paints the overlay's shapes with cairo, text with pango, onto a surface of `width` × `height`
/// pixels that covers one output: a touchscreen's millimetres stretched over the whole output
/// (the touchscreen is mapped to it), the touchpad miniature in its corner, cards at the top.
/// Everything not painted is fully transparent.
public struct OverlayPainter {
    /// Where the miniature goes and how wide it is.
    public var settings: ActionsOverlay
    /// Device pixels per logical pixel (the output's scale).
    public var scale: Double

    /// A painter.
    public init(settings: ActionsOverlay, scale: Double = 1) {
        self.settings = settings
        self.scale = scale
    }

    /// Margin between the output's edges and the miniature or the cards (logical pixels).
    static let margin = 24.0
    /// A card's size (logical pixels).
    static let cardWidth = 320.0
    static let cardHeight = 64.0

    /// Clears `cr`'s surface and paints `shapes` on it.
    public func paint(_ shapes: [OverlayShape], on cr: OpaquePointer, width: Double, height: Double) {
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_scale(cr, scale, scale)
        let width = width / scale, height = height / scale
        var cards = 0
        for shape in shapes {
            switch shape {
            case .trail(_, let surfaceWidth, let surfaceHeight, let points, let colour):
                trail(points, cr, sx: width / max(surfaceWidth, 1), sy: height / max(surfaceHeight, 1), colour)
            case .edge(_, let edge, let opacity, let colour):
                self.edge(edge, cr, width, height, opacity, colour)
            case .pad(_, let padWidth, let padHeight, let fingers, let colour):
                pad(fingers, cr, size: (padWidth, padHeight), output: (width, height), colour)
            case .card(let title, let detail, let progress, let colour, let opacity):
                card(title, detail, progress, colour, opacity, cr, x: (width - Self.cardWidth) / 2, y: Self.margin + Double(cards) * (Self.cardHeight + 8))
                cards += 1
            }
        }
        cairo_restore(cr)
    }

    func source(_ cr: OpaquePointer, _ colour: ActionsOverlay.Colour, _ alpha: Double) {
        cairo_set_source_rgba(cr, colour.red, colour.green, colour.blue, alpha)
    }

    /// Opacity steps a trail is drawn in: its segments in runs of one step each, one stroke a
    /// run (a stroke per segment, at 240 Hz and ten fingers, was most of the overlay's CPU).
    static let trailSteps = 8.0

    func trail(_ points: [OverlayPoint], _ cr: OpaquePointer, sx: Double, sy: Double, _ colour: ActionsOverlay.Colour) {
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_width(cr, 8)
        // Cairo's fast antialiasing for the trails: a fading line of a moving finger shows no
        // difference, and it halves what rasterizing them costs.
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_FAST)
        defer { cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT) }
        var index = 1
        while index < points.count {
            let step = (points[index].opacity * Self.trailSteps).rounded(.up)
            cairo_move_to(cr, points[index - 1].x * sx, points[index - 1].y * sy)
            while index < points.count, (points[index].opacity * Self.trailSteps).rounded(.up) == step {
                cairo_line_to(cr, points[index].x * sx, points[index].y * sy)
                index += 1
            }
            source(cr, colour, step / Self.trailSteps * 0.85)
            cairo_stroke(cr)
        }
        guard let head = points.last else { return }
        source(cr, colour, head.opacity)
        cairo_new_path(cr)
        cairo_arc(cr, head.x * sx, head.y * sy, 7, 0, 2 * .pi)
        cairo_fill(cr)
        cairo_set_line_width(cr, 3)
        cairo_arc(cr, head.x * sx, head.y * sy, 18, 0, 2 * .pi)
        cairo_stroke(cr)
    }

    func edge(_ edge: String, _ cr: OpaquePointer, _ width: Double, _ height: Double, _ opacity: Double, _ colour: ActionsOverlay.Colour) {
        let thickness = 12.0
        switch edge {
        case "right": cairo_rectangle(cr, width - thickness, 0, thickness, height)
        case "top": cairo_rectangle(cr, 0, 0, width, thickness)
        case "bottom": cairo_rectangle(cr, 0, height - thickness, width, thickness)
        default: cairo_rectangle(cr, 0, 0, thickness, height)
        }
        source(cr, colour, 0.7 * opacity)
        cairo_fill(cr)
    }

    /// The miniature's rectangle on an output of `output` logical pixels, for a pad of `size` mm.
    public func padFrame(size: (width: Double, height: Double), output: (width: Double, height: Double)) -> (x: Double, y: Double, width: Double, height: Double) {
        let w = settings.padWidth
        let h = min(w * 1.5, w * size.height / max(size.width, 1))
        let left = Self.margin, right = output.width - Self.margin - w
        let top = Self.margin, bottom = output.height - Self.margin - h
        switch settings.padCorner {
        case .topLeft: return (left, top, w, h)
        case .topRight: return (right, top, w, h)
        case .bottomLeft: return (left, bottom, w, h)
        case .bottomRight: return (right, bottom, w, h)
        }
    }

    func pad(_ fingers: [OverlayPoint], _ cr: OpaquePointer, size: (Double, Double), output: (Double, Double), _ colour: ActionsOverlay.Colour) {
        let frame = padFrame(size: size, output: output)
        rounded(cr, frame.x, frame.y, frame.width, frame.height, 10)
        cairo_set_source_rgba(cr, 0.1, 0.1, 0.12, 0.6)
        cairo_fill_preserve(cr)
        source(cr, colour, 0.9)
        cairo_set_line_width(cr, 2)
        cairo_stroke(cr)
        for finger in fingers {
            cairo_new_path(cr)
            cairo_arc(cr, frame.x + finger.x / max(size.0, 1) * frame.width, frame.y + finger.y / max(size.1, 1) * frame.height, 7, 0, 2 * .pi)
            source(cr, colour, finger.opacity)
            cairo_fill(cr)
        }
    }

    func card(_ title: String, _ detail: String, _ progress: Double?, _ colour: ActionsOverlay.Colour, _ opacity: Double, _ cr: OpaquePointer, x: Double, y: Double) {
        rounded(cr, x, y, Self.cardWidth, Self.cardHeight, 10)
        cairo_set_source_rgba(cr, 0.08, 0.08, 0.1, 0.82 * opacity)
        cairo_fill(cr)
        cairo_rectangle(cr, x, y + 10, 5, Self.cardHeight - 20)
        source(cr, colour, opacity)
        cairo_fill(cr)
        text(title, font: "Sans Bold 15", cr, x: x + 18, y: y + 8, grey: 1, opacity)
        text(detail, font: "Sans 11", cr, x: x + 18, y: y + 33, grey: 0.82, opacity)
        if let progress {
            cairo_rectangle(cr, x + 18, y + Self.cardHeight - 8, (Self.cardWidth - 36), 3)
            cairo_set_source_rgba(cr, 1, 1, 1, 0.18 * opacity)
            cairo_fill(cr)
            cairo_rectangle(cr, x + 18, y + Self.cardHeight - 8, (Self.cardWidth - 36) * progress, 3)
            source(cr, colour, opacity)
            cairo_fill(cr)
        }
    }

    func text(_ text: String, font: String, _ cr: OpaquePointer, x: Double, y: Double, grey: Double, _ opacity: Double) {
        guard !text.isEmpty, let layout = pango_cairo_create_layout(cr) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = pango_font_description_from_string(font)
        defer { pango_font_description_free(description) }
        pango_layout_set_font_description(layout, description)
        pango_layout_set_width(layout, Int32((Self.cardWidth - 30) * Double(GESTURED_PANGO_SCALE)))
        pango_layout_set_ellipsize(layout, Int32(GESTURED_PANGO_ELLIPSIZE_END))
        pango_layout_set_text(layout, text, -1)
        // A dark outline first: as the card fades, its dark ground goes and a white window shows
        // through it, and light letters over light pixels would vanish first (issue 60).
        cairo_move_to(cr, x, y)
        pango_cairo_layout_path(cr, layout)
        cairo_set_source_rgba(cr, 0.05, 0.05, 0.07, opacity)
        cairo_set_line_width(cr, 3)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke(cr)
        cairo_move_to(cr, x, y)
        cairo_set_source_rgba(cr, grey, grey, grey, opacity)
        pango_cairo_show_layout(cr, layout)
    }

    func rounded(_ cr: OpaquePointer, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + w - r, y + r, r, -.pi / 2, 0)
        cairo_arc(cr, x + w - r, y + h - r, r, 0, .pi / 2)
        cairo_arc(cr, x + r, y + h - r, r, .pi / 2, .pi)
        cairo_arc(cr, x + r, y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }
}
