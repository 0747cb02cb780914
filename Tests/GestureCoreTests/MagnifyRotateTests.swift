import GestureCore
import GestureTesting
import Testing

@Suite struct MagnifyRotateTests {
    @Test func aTwoFingerScrollIsNotAZoomEvenWithJitter() {
        let h = GestureHarness()
        h.attach(MagnifyGesture().simultaneously(with: RotateGesture()), named: "zoom")
        h.attach(DragGesture(minimumDistance: 3, fingers: 2), named: "scroll")
        h.down([.init(1, at: Point(x: 90, y: 60)), .init(2, at: Point(x: 110, y: 60))])
        h.wait(0.1)
        // Both fingers move down together; their spread grows 8 % and turns 4° on the way.
        let events = h.move([.init(1, by: Vector(dx: -0.8, dy: 30)), .init(2, by: Vector(dx: 0.8, dy: 31.4))], steps: 10)
        #expect(Set(events.map(\.name)) == ["scroll"], "\(events.lines)")
    }

    @Test func fingersThatSpreadMoreThanTheyTravelAreAZoom() {
        let h = GestureHarness()
        h.attach(MagnifyGesture().simultaneously(with: RotateGesture()), named: "zoom")
        h.attach(DragGesture(minimumDistance: 3, fingers: 2), named: "scroll")
        h.down([.init(1, at: Point(x: 90, y: 60)), .init(2, at: Point(x: 110, y: 60))])
        h.wait(0.1)
        let events = h.move([.init(1, by: Vector(dx: -10, dy: 2)), .init(2, by: Vector(dx: 10, dy: 2))], steps: 10)
        #expect(Set(events.map(\.name)) == ["zoom"], "\(events.lines)")
    }

    /// libinput's `gestures_pinch`: two fingers close and lift within 90 ms of landing, before
    /// the finger count settles. The pinch is judged at the lift, as a flick is: ended, with
    /// its magnification; a two-finger touch that barely moves is still nothing.
    @Test func aQuickPinchEndsAtTheLift() throws {
        let h = GestureHarness()
        h.attach(MagnifyGesture(minimumScaleDelta: 0.05), named: "pinch")
        h.down([.init(1, at: Point(x: 70, y: 60)), .init(2, at: Point(x: 130, y: 60))])
        #expect(h.move([.init(1, by: Vector(dx: 10, dy: 0)), .init(2, by: Vector(dx: -10, dy: 0))], steps: 6).isEmpty)
        let ended = h.up(1, 2)
        #expect(ended.lines == ["pinch ended"])
        let scale = try #require(ended.first?.value?.magnify?.magnification)
        #expect(abs(scale - 40.0 / 60.0) < 1e-9)
        h.down([.init(1, at: Point(x: 70, y: 60)), .init(2, at: Point(x: 130, y: 60))])
        h.move([.init(1, by: Vector(dx: 0.5, dy: 0)), .init(2, by: Vector(dx: -0.5, dy: 0))], steps: 2)
        #expect(h.up(1, 2).isEmpty)
    }

    @Test func waitsForTheFingerCountToSettle() {
        let h = GestureHarness()
        h.attach(MagnifyGesture(), named: "pinch")
        h.down([.init(1, at: Point(x: 90, y: 60)), .init(2, at: Point(x: 110, y: 60))])
        #expect(h.move([.init(1, by: Vector(dx: -5, dy: 0)), .init(2, by: Vector(dx: 5, dy: 0))], steps: 5).isEmpty)
        #expect(h.move([.init(1, by: Vector(dx: -5, dy: 0)), .init(2, by: Vector(dx: 5, dy: 0))], steps: 6).first?.line == "pinch active")
    }
}
