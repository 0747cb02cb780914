import CCairo
import GestureActions
import GestureOverlay
import OverlayScreen
import Testing

/// The painter on cairo's own image surface, pixel by pixel: what the overlay shows lands where
/// it should, and nothing else is painted.
@Suite struct OverlayPainterTests {
    /// Paints `shapes` on a `width` × `height` ARGB surface and returns a pixel reader
    /// (premultiplied alpha, red, green, blue).
    static func paint(_ shapes: [OverlayShape], width: Int32 = 400, height: Int32 = 200, settings: ActionsOverlay = ActionsOverlay()) -> (Int, Int) -> (a: Int, r: Int, g: Int, b: Int) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        let cr = cairo_create(surface)!
        OverlayPainter(settings: settings).paint(shapes, on: cr, width: Double(width), height: Double(height))
        let pixels = Self.pixels(surface)
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
        return { x, y in
            let p = pixels[y * Int(width) + x]
            return (Int(p >> 24), Int((p >> 16) & 0xff), Int((p >> 8) & 0xff), Int(p & 0xff))
        }
    }

    /// The premultiplied ARGB pixels of a cairo image surface, row by row.
    static func pixels(_ surface: OpaquePointer) -> [UInt32] {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface)), rows = Int(cairo_image_surface_get_height(surface))
        let columns = Int(cairo_image_surface_get_width(surface))
        let data = cairo_image_surface_get_data(surface)!
        var pixels: [UInt32] = []
        pixels.reserveCapacity(rows * columns)
        for y in 0..<rows {
            for x in 0..<columns {
                pixels.append(data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee })
            }
        }
        return pixels
    }

    @Test func nothingToShowPaintsNothing() {
        let pixel = Self.paint([])
        for y in stride(from: 0, to: 200, by: 7) {
            for x in stride(from: 0, to: 400, by: 7) { #expect(pixel(x, y).a == 0) }
        }
    }

    @Test func aTrailLandsWhereTheFingerIsOnTheMappedOutput() {
        // A 200 × 100 mm screen on a 400 × 200 output: 2 pixels a millimetre.
        let blue = ActionsOverlay().colour
        let pixel = Self.paint([.trail(device: 1, width: 200, height: 100, points: [OverlayPoint(x: 20, y: 50), OverlayPoint(x: 100, y: 50)], colour: blue)])
        let head = pixel(200, 100)  // the finger
        #expect(head.a == 255 && head.b > head.r)
        #expect(pixel(120, 100).a > 0)  // the trail between the two points
        #expect(pixel(200, 20).a == 0 && pixel(390, 190).a == 0)  // and nothing elsewhere
    }

    @Test func theMiniatureSitsInItsCorner() {
        var settings = ActionsOverlay()
        settings.padWidth = 100
        settings.padCorner = .topLeft
        let shapes: [OverlayShape] = [.pad(device: 2, width: 100, height: 50, fingers: [OverlayPoint(x: 50, y: 25)], colour: settings.colour)]
        let pixel = Self.paint(shapes, settings: settings)
        #expect(pixel(24 + 50, 24 + 25).a == 255)  // the finger in the middle of the 100 × 50 miniature
        #expect(pixel(30, 30).a > 0 && pixel(300, 150).a == 0)
        #expect(OverlayPainter(settings: settings).padFrame(size: (100, 50), output: (400, 200)) == (24, 24, 100, 50))
    }

    /// Issue 60: a fading card's letters stay readable over a white window: within the title's
    /// box the darkest and the lightest pixel still differ plainly, as over a dark one.
    @Test(arguments: [0.25, 0.5, 1.0])
    func aFadingCardsTextIsReadableOverWhite(opacity: Double) {
        let width: Int32 = 600, height: Int32 = 120
        // The overlay's own surface (the painter clears it first), then composited over a white
        // window as the compositor shows it.
        let overlay = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        let painted = cairo_create(overlay)!
        OverlayPainter(settings: ActionsOverlay()).paint(
            [.card(title: "swipe-left-3", detail: "ran keys super+Right", progress: nil, colour: ActionsOverlay().colour, opacity: opacity)],
            on: painted, width: Double(width), height: Double(height))
        cairo_destroy(painted)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_set_source_surface(cr, overlay, 0, 0)
        cairo_paint(cr)
        cairo_surface_destroy(overlay)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var darkest = 255, lightest = 0
        // The title's line: the card is at the top in the middle, its text 18 px in, 8 px down.
        for y in 24 + 8..<24 + 26 {
            for x in Int(width) / 2 - 130..<Int(width) / 2 - 30 {
                let pixel = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
                let green = Int((pixel >> 8) & 0xff)
                darkest = min(darkest, green)
                lightest = max(lightest, green)
            }
        }
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
        #expect(lightest - darkest >= Int(160 * opacity), "contrast \(lightest - darkest) at opacity \(opacity)")
    }

    @Test func aCardIsAtTheTopInTheMiddle() {
        let pixel = Self.paint([.card(title: "swipe-left-3", detail: "12 mm left", progress: 0.5, colour: ActionsOverlay().colour, opacity: 1)], width: 600)
        #expect(pixel(300, 24 + 32).a > 150)  // inside the card
        #expect(pixel(300, 150).a == 0 && pixel(10, 40).a == 0)
    }
}
