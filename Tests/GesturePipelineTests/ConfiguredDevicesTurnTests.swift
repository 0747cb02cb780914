import GestureCore
import GesturePipeline
import Testing

/// A screen that turns while gestured runs (issue 65): ``ConfiguredDevices/turn(_:to:at:delivering:)``
/// reads the next frames in the new orientation — the same stroke on the panel is a swipe in
/// the direction the user now sees, the bottom edge is the one now at the bottom — and a
/// gesture in flight across the turn fails with `rotated`, never reported in the old direction.
@Suite struct ConfiguredDevicesTurnTests {
    static let config = """
        version: 1
        gestures:
          - name: pan
            drag: { minimumDistance: 2 }
            state: translation
          - name: from-bottom
            edgeSwipe: { edge: bottom }
            region: { edge: bottom }
        """

    final class Panel {
        let pipeline: ConfiguredDevices
        var clock: Int64 = 1_000_000
        var events: [GestureEvent] = []

        init() throws {
            pipeline = ConfiguredDevices(config: try GestureConfig.parse(ConfiguredDevicesTurnTests.config, file: "turn.yml"))
            // A touchscreen 200 × 100 mm at 10 units a millimetre.
            _ = pipeline.add(DeviceID(1), description: ReplayPlanTests.screen)
        }

        /// One finger at `point` (mm on the panel, as its node reports it), 10 ms after the last frame.
        func frame(_ id: Int32, _ point: Point, _ phase: TouchPhase) {
            clock += 10_000
            let frame = TouchFrame(
                device: DeviceID(1), time: Timestamp(microseconds: clock),
                contacts: [Contact(id: id, position: point, normalized: Point(x: point.x / 200, y: point.y / 100), phase: phase)])
            events += pipeline.feed(frame).events
        }

        /// A stroke on the panel from `start` by `delta` in 10 frames, lifted.
        func stroke(_ id: Int32, from start: Point, by delta: Vector) {
            frame(id, start, .began)
            for step in 1...10 {
                frame(id, Point(x: start.x + delta.dx * Double(step) / 10, y: start.y + delta.dy * Double(step) / 10), .moved)
            }
            frame(id, Point(x: start.x + delta.dx, y: start.y + delta.dy), .ended)
        }

        func turn(_ rotation: SurfaceRotation) -> Bool {
            pipeline.turn(DeviceID(1), to: rotation, at: Timestamp(microseconds: clock)) { events += $0 }
        }

        /// Each event as `name phase(reason)` (an instance's updates as one `active`), and then forgotten.
        func take() -> [String] {
            defer { events = [] }
            var lines: [String] = []
            for event in events {
                let line = "\(event.name) \(event.phase.rawValue)" + (event.reason.map { "(\($0.rawValue))" } ?? "")
                if lines.last != line { lines.append(line) }
            }
            return lines
        }
    }

    @Test func theSameStrokeAfterATurnIsReportedInTheScreensDirections() throws {
        let panel = try Panel()
        panel.stroke(1, from: Point(x: 100, y: 50), by: Vector(dx: 20, dy: 0))
        let before = panel.events.last { $0.name == "pan" }
        #expect(panel.take().filter { $0.hasPrefix("pan") } == ["pan active", "pan ended"])
        #expect(panel.turn(.clockwise90))
        #expect(!panel.turn(.clockwise90), "the rotation it has: nothing to do")
        panel.stroke(2, from: Point(x: 100, y: 50), by: Vector(dx: 20, dy: 0))
        let after = panel.events.last { $0.name == "pan" }
        #expect(panel.take().filter { $0.hasPrefix("pan") } == ["pan active", "pan ended"])
        // The same stroke along the panel: right before the turn, down on the turned screen.
        let translation = { (event: GestureEvent?) -> (Double, Double)? in
            guard case .drag(let value)? = event?.value else { return nil }
            return ((value.translation.dx * 10).rounded() / 10, (value.translation.dy * 10).rounded() / 10)
        }
        #expect(translation(before).map { $0 == (20, 0) } == true, "\(String(describing: translation(before)))")
        #expect(translation(after).map { $0 == (0, 20) } == true, "\(String(describing: translation(after)))")
    }

    @Test func aGestureInFlightAcrossTheTurnFailsRotated() throws {
        let panel = try Panel()
        panel.frame(1, Point(x: 100, y: 50), .began)
        for step in 1...5 { panel.frame(1, Point(x: 100 + Double(step) * 2, y: 50), .moved) }
        #expect(panel.take().filter { $0.hasPrefix("pan") } == ["pan active"])
        #expect(panel.turn(.clockwise90))
        #expect(panel.take() == ["pan failed(rotated)"], "never reported in the old direction")
        // The finger goes on and lifts: nothing more for it (a failed gesture stays failed until
        // its touches are up), and the next touch is a gesture of its own.
        panel.frame(1, Point(x: 115, y: 50), .moved)
        panel.frame(1, Point(x: 115, y: 50), .ended)
        #expect(panel.take().isEmpty)
    }

    @Test func theBottomEdgeIsTheOneTheUserNowSeesAtTheBottom() throws {
        let panel = try Panel()
        // Up from the panel's own bottom edge: the bottom edge swipe.
        panel.stroke(1, from: Point(x: 100, y: 99), by: Vector(dx: 0, dy: -40))
        #expect(panel.take().contains("from-bottom ended"))
        #expect(panel.turn(.clockwise90))
        // The panel's bottom edge is now a side of the screen: the same stroke is no bottom swipe…
        panel.stroke(2, from: Point(x: 100, y: 99), by: Vector(dx: 0, dy: -40))
        #expect(!panel.take().contains("from-bottom ended"))
        // …while a stroke up from the edge now at the bottom is: turned a quarter clockwise, the
        // panel's right edge (x 200 mm) is the screen's bottom, and up the screen is left on it.
        panel.stroke(3, from: Point(x: 199, y: 50), by: Vector(dx: -40, dy: 0))
        let now = panel.take()
        #expect(now.contains("from-bottom ended"), "\(now)")
    }
}
