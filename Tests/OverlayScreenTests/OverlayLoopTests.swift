import CCairo
import Foundation
import GestureActions
import GestureOverlay
import Glibc
import OverlayScreen
import Synchronization
import Testing

/// The drawing loop on a test double of the surface (``OverlaySurface``): a frame after an event,
/// and the surface taken away once everything faded; every step reported on a pipe the test
/// waits on.
@Suite struct OverlayLoopTests {
    /// A surface that draws on a small image and says each draw and hide on `said`.
    final class FakeSurface: OverlaySurface, @unchecked Sendable {
        let quiet: [Int32]  // a pipe nothing writes to: the display's descriptor
        let said: [Int32]
        var shown = false
        let log = Mutex<[String]>([])

        init() {
            var a: [Int32] = [0, 0], b: [Int32] = [0, 0]
            pipe(&a)
            pipe(&b)
            quiet = a
            said = b
        }

        deinit { for fd in quiet + said { close(fd) } }

        func say(_ what: String) {
            log.withLock { $0.append(what) }
            _ = write(said[1], "x", 1)
        }

        var descriptor: Int32 { quiet[0] }
        var framePending: Bool { false }
        var frameInterval: Double { 0 }
        var isShown: Bool { shown }
        func prepare() throws(OverlayError) {}
        func read(readable: Bool) throws(OverlayError) {}
        func show() throws(OverlayError) -> (width: Int, height: Int) {
            shown = true
            return (200, 100)
        }
        func draw(_ shapes: [OverlayShape], with painter: OverlayPainter) -> Bool {
            shown = true
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 200, 100)!
            let cr = cairo_create(surface)!
            painter.paint(shapes, on: cr, width: 200, height: 100)
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
            say("frame")
            return true
        }
        func hide() {
            shown = false
            say("hidden")
        }

        /// Waits (bounded) until the log has `count` entries; returns it.
        func wait(for count: Int) -> [String] {
            let end = Date().addingTimeInterval(10)
            while log.withLock({ $0.count }) < count, Date() < end {
                var descriptor = pollfd(fd: said[0], events: Int16(POLLIN), revents: 0)
                if poll(&descriptor, 1, 1000) > 0 {
                    var byte: UInt8 = 0
                    _ = Glibc.read(said[0], &byte, 1)
                }
            }
            return log.withLock { $0 }
        }
    }

    @Test func aFrameAfterAnEventAndNothingOnceItFaded() throws {
        var editable = ActionsOverlay()
        editable.fade = 0
        let settings = editable
        let loop = OverlayLoop(scene: OverlayScene(settings: settings))
        let surface = FakeSurface()
        let clock: @Sendable () -> Double = { Date().timeIntervalSinceReferenceDate }
        let thread = Thread {
            try? loop.run(on: surface, painter: OverlayPainter(settings: settings), clock: clock)
            surface.say("stopped")
        }
        thread.start()
        loop.take([.device(OverlayDevice(id: 1, kind: .touchscreen, width: 200, height: 100))], at: clock())
        loop.take([.touches(device: 1, contacts: [OverlayContact(id: 1, x: 10, y: 10)])], at: clock())
        #expect(surface.wait(for: 1).first == "frame")
        // Lifted with `fade: 0`: gone at once, the surface with it.
        loop.take([.touches(device: 1, contacts: [OverlayContact(id: 1, x: 10, y: 10, lifted: true)])], at: clock())
        let log = surface.wait(for: 2)
        #expect(log.last == "hidden", "\(log)")
        #expect(loop.counts.withLock { $0.frames } >= 1)
        loop.stop()
        #expect(surface.wait(for: 3).last == "stopped")
    }
}
