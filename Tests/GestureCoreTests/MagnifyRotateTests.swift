import Foundation
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

    /// Issue 35: three and four fingers pinch (libinput's `gestures_pinch_3fg`, touchegg's
    /// `PINCH 3`): measured by their spread about the centroid — twice their root-mean-square
    /// distance from it — so a thumb closing on two fingers is a pinch in, and fingers that
    /// travel together are not one.
    @Test func threeFingersPinchByTheirSpread() throws {
        let h = GestureHarness()
        h.attach(MagnifyGesture(minimumScaleDelta: 0.05, fingers: 3), named: "pinch-3")
        h.attach(MagnifyGesture(minimumScaleDelta: 0.05), named: "pinch")
        let hand: [TouchStep.Finger] = [.init(1, at: Point(x: 80, y: 40)), .init(2, at: Point(x: 120, y: 40)), .init(3, at: Point(x: 100, y: 100))]
        h.down(hand)
        h.wait(0.1)
        let events = h.move([.init(3, by: Vector(dx: 0, dy: -30))], steps: 10)
        #expect(Set(events.map(\.name)) == ["pinch-3"], "\(events.lines)")
        let ended = h.up(1, 2, 3)
        #expect(ended.lines == ["pinch-3 ended"])
        // Spread: 2 × RMS distance from the centroid, before (y 40, 40, 100) and after (40, 40, 70).
        func spread(_ points: [Point]) -> Double {
            let c = Point(x: points.map(\.x).reduce(0, +) / 3, y: points.map(\.y).reduce(0, +) / 3)
            return 2 * (points.map { pow($0.distance(to: c), 2) }.reduce(0, +) / 3).squareRoot()
        }
        let expected = spread([Point(x: 80, y: 40), Point(x: 120, y: 40), Point(x: 100, y: 70)])
            / spread([Point(x: 80, y: 40), Point(x: 120, y: 40), Point(x: 100, y: 100)])
        let scale = try #require(ended.first?.value?.magnify?.magnification)
        #expect(abs(scale - expected) < 1e-9 && scale < 1)
        // The same three fingers sweeping together: no pinch.
        h.down(hand)
        h.wait(0.1)
        let sweep = h.move([.init(1, by: Vector(dx: 40, dy: 0)), .init(2, by: Vector(dx: 40, dy: 0)), .init(3, by: Vector(dx: 40, dy: 0))], steps: 10)
        #expect(sweep.isEmpty, "\(sweep.lines)")
        #expect(h.up(1, 2, 3).isEmpty)
        #expect(h.finish().violations.isEmpty)
    }

    /// Two fingers' spread is the distance between them, so a three-finger magnify of two
    /// fingers would agree with the two-finger one: four fingers spreading out, quickly, end
    /// at the lift with the ratio of their spreads.
    @Test func fourFingersSpreadQuicklyEndAtTheLift() throws {
        let h = GestureHarness()
        h.attach(MagnifyGesture(minimumScaleDelta: 0.05, fingers: 4), named: "pinch-4")
        h.down([.init(1, at: Point(x: 90, y: 50)), .init(2, at: Point(x: 110, y: 50)), .init(3, at: Point(x: 90, y: 70)), .init(4, at: Point(x: 110, y: 70))])
        let moved = h.move(
            [.init(1, by: Vector(dx: -10, dy: -10)), .init(2, by: Vector(dx: 10, dy: -10)), .init(3, by: Vector(dx: -10, dy: 10)), .init(4, by: Vector(dx: 10, dy: 10))],
            steps: 6)
        #expect(moved.isEmpty)
        let ended = h.up(1, 2, 3, 4)
        #expect(ended.lines == ["pinch-4 ended"])
        #expect(abs(try #require(ended.first?.value?.magnify?.magnification) - 2) < 1e-9)
    }

    @Test func waitsForTheFingerCountToSettle() {
        let h = GestureHarness()
        h.attach(MagnifyGesture(), named: "pinch")
        h.down([.init(1, at: Point(x: 90, y: 60)), .init(2, at: Point(x: 110, y: 60))])
        #expect(h.move([.init(1, by: Vector(dx: -5, dy: 0)), .init(2, by: Vector(dx: 5, dy: 0))], steps: 5).isEmpty)
        #expect(h.move([.init(1, by: Vector(dx: -5, dy: 0)), .init(2, by: Vector(dx: 5, dy: 0))], steps: 6).first?.line == "pinch active")
    }

    /// Issue 62: touchegg's `PINCH IN` and `PINCH OUT` are two gestures, their direction taken
    /// from the pinch's first change; a pinch in that opens again later is still a pinch in.
    @Test func aDirectionalPinchGoesOneWayAndStaysItsWay() throws {
        let h = GestureHarness()
        h.attach(MagnifyGesture(minimumScaleDelta: 0.05, direction: .in), named: "in")
        h.attach(MagnifyGesture(minimumScaleDelta: 0.05, direction: .out), named: "out")
        h.down([.init(1, at: Point(x: 70, y: 60)), .init(2, at: Point(x: 130, y: 60))])
        h.wait(0.1)
        let closing = h.move([.init(1, by: Vector(dx: 10, dy: 0)), .init(2, by: Vector(dx: -10, dy: 0))], steps: 5)
        #expect(closing.lines.first == "in active", "\(closing.lines)")
        #expect(!closing.lines.contains("out active"))
        // The fingers open past where they began: still the pinch in, to its end.
        let opening = h.move([.init(1, by: Vector(dx: -20, dy: 0)), .init(2, by: Vector(dx: 20, dy: 0))], steps: 5)
        #expect(Set(opening.map(\.name)) == ["in"], "\(opening.lines)")
        #expect(h.up(1, 2).lines == ["in ended"])

        h.down([.init(1, at: Point(x: 70, y: 60)), .init(2, at: Point(x: 130, y: 60))])
        h.wait(0.1)
        let spreading = h.move([.init(1, by: Vector(dx: -10, dy: 0)), .init(2, by: Vector(dx: 10, dy: 0))], steps: 5)
        #expect(spreading.lines.first == "out active", "\(spreading.lines)")
        #expect(h.up(1, 2).lines == ["out ended"])
    }

    /// A pinch in alone, the fingers spread: it fails as the spread crosses the threshold, so
    /// closing them afterwards is no pinch in; and a quick spread is not a quick pinch in.
    @Test func aDirectionalPinchTheOtherWayFails() throws {
        let h = GestureHarness()
        h.attach(MagnifyGesture(minimumScaleDelta: 0.05, direction: .in), named: "in")
        h.down([.init(1, at: Point(x: 70, y: 60)), .init(2, at: Point(x: 130, y: 60))])
        h.wait(0.1)
        #expect(h.move([.init(1, by: Vector(dx: -10, dy: 0)), .init(2, by: Vector(dx: 10, dy: 0))], steps: 5).isEmpty)
        // Failed: closing them now, past where they began, is no pinch in.
        #expect(h.move([.init(1, by: Vector(dx: 20, dy: 0)), .init(2, by: Vector(dx: -20, dy: 0))], steps: 5).isEmpty)
        #expect(h.up(1, 2).isEmpty)
        h.down([.init(1, at: Point(x: 70, y: 60)), .init(2, at: Point(x: 130, y: 60))])
        h.move([.init(1, by: Vector(dx: -10, dy: 0)), .init(2, by: Vector(dx: 10, dy: 0))], steps: 4)
        #expect(!h.up(1, 2).lines.contains("in ended"))
    }
}
