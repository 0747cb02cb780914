import CCairo
import GestureActions
import GestureOverlay
import Glibc
import OverlayScreen
import Posix
import Testing

/// One scene, two painters: a frame as gestured-overlay hands it to GNOME Shell
/// (``ShellOverlayFrame``'s JSON), painted by the extension's own painter
/// (`gnome-shell/gestured@gestured.org/painter.js`) under real gjs, is the frame
/// ``OverlayPainter`` paints with cairo on every other desktop, pixel for pixel within
/// antialiasing.
@Suite(.enabled(if: ChildProcess.canRun("gjs", path: ProcessEnvironment.current["PATH"]), "gjs is not installed (make test installs it)"))
struct ShellPainterTests {
    /// The package's root, from this file's path.
    static let root: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    static let width: Int32 = 640, height: Int32 = 400

    /// Every kind of shape: a fading trail, the miniature with two fingers (top right), a lit
    /// edge, a card with progress and a fading one without.
    static func frame() -> ([OverlayShape], ActionsOverlay) {
        var settings = ActionsOverlay()
        settings.padCorner = .topRight
        settings.padWidth = 120
        let blue = settings.colour
        let green = ActionsOverlay.Colour(red: 0.2, green: 0.8, blue: 0.3)
        let trail = (0..<20).map { OverlayPoint(x: 20 + Double($0) * 6.5, y: 90 - Double($0) * 2.25, opacity: Double($0 + 1) / 20) }
        return ([
            .trail(device: 1, width: 200, height: 125, points: trail, colour: blue),
            .pad(device: 2, width: 100, height: 60, fingers: [OverlayPoint(x: 30, y: 20), OverlayPoint(x: 70, y: 40, opacity: 0.5)], colour: blue),
            .edge(device: 1, edge: "right", opacity: 0.8, colour: green),
            .card(title: "swipe left", detail: "→ workspace next", progress: 0.6, colour: blue, opacity: 1),
            .card(title: "pinch", detail: "failed", progress: nil, colour: green, opacity: 0.5),
        ], settings)
    }

    /// The largest difference of one channel between two pixels.
    static func difference(_ a: UInt32, _ b: UInt32) -> Int {
        var largest = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            let one = Int((a >> UInt32(shift)) & 0xff), other = Int((b >> UInt32(shift)) & 0xff)
            largest = max(largest, abs(one - other))
        }
        return largest
    }

    @Test func theExtensionsPainterPaintsWhatGesturedOverlayPaints() throws {
        let (shapes, settings) = Self.frame()
        // gestured-overlay's painter.
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Self.width, Self.height)!
        let cr = cairo_create(surface)!
        OverlayPainter(settings: settings).paint(shapes, on: cr, width: Double(Self.width), height: Double(Self.height))
        cairo_destroy(cr)
        let ours = OverlayPainterTests.pixels(surface)
        cairo_surface_destroy(surface)
        // The extension's, from the frame's text as the extension receives it.
        var template = Array("/tmp/gestured-shell-paint-XXXXXX".utf8CString)
        let folder = String(cString: mkdtemp(&template)!)
        defer {
            for name in ["frame.json", "shell.png"] { unlink(folder + "/" + name) }
            rmdir(folder)
        }
        let file = fopen(folder + "/frame.json", "w")!
        fputs(ShellOverlayFrame.json(shapes, settings: settings), file)
        fclose(file)
        let gjs = try ChildProcess(["gjs", "-m", Self.root + "/scripts/shell-paint.js", folder + "/frame.json", "\(Self.width)", "\(Self.height)", folder + "/shell.png"],
                                   environment: ProcessEnvironment.current)
        #expect(gjs.wait() == 0)
        let png = cairo_image_surface_create_from_png(folder + "/shell.png")!
        defer { cairo_surface_destroy(png) }
        try #require(cairo_surface_status(png) == CAIRO_STATUS_SUCCESS, "gjs wrote no picture")
        let theirs = OverlayPainterTests.pixels(png)
        try #require(theirs.count == ours.count)
        let painted = ours.indices.filter { ours[$0] >> 24 != 0 || theirs[$0] >> 24 != 0 }
        let different = painted.filter { Self.difference(ours[$0], theirs[$0]) > 24 }
        // Something of each shape was painted (the trail, the miniature, the edge, two cards: thousands of pixels)…
        #expect(painted.count > 20_000)
        // …and the two painters agree on all of it but antialiasing at the edges of a few strokes
        // (the frame's millimetres are rounded to hundredths).
        #expect(Double(different.count) / Double(painted.count) < 0.005, "\(different.count) of \(painted.count) painted pixels differ")
    }
}
