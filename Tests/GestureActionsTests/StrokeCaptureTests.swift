import GestureActions
import GestureCore
import GesturePipeline
import GestureWire
import Testing

/// `touches` events into drawings, as `gesturectl stroke record` takes them.
@Suite struct StrokeCaptureTests {
    static func frame(_ time: Double, _ contacts: [(Int64, Double, Double, String)], device: Int64 = 1) -> JSONValue {
        .object([
            ("event", "touches"), ("device", .int(device)), ("time", .number(time)),
            ("contacts", .array(contacts.map { .object([("id", .int($0.0)), ("x", .number($0.1)), ("y", .number($0.2)), ("phase", .string($0.3))]) })),
        ])
    }

    @Test func oneFingerDrawsUntilItLifts() {
        var capture = StrokeCapture(fingers: 1)
        #expect(capture.take(Self.frame(0, [(1, 10, 10, "began")])) == .none)
        #expect(capture.take(Self.frame(0.01, [(1, 20, 10, "moved")])) == .none)
        #expect(capture.take(Self.frame(0.02, [(1, 20, 30, "moved")])) == .none)
        let lift = capture.take(Self.frame(0.03, [(1, 20, 30, "ended")]))
        #expect(lift == .drawn(.init(device: 1, points: [Point(x: 10, y: 10), Point(x: 20, y: 10), Point(x: 20, y: 30)], duration: 0.03)))
        if case .drawn(let drawing) = lift { #expect(drawing.length == 30) }
        // The next drawing starts afresh.
        #expect(capture.take(Self.frame(1, [(2, 50, 50, "began")])) == .none)
        #expect(capture.take(Self.frame(1.25, [(2, 60, 50, "ended")])) == .drawn(.init(device: 1, points: [Point(x: 50, y: 50)], duration: 0.25)))
    }

    @Test func twoFingersDrawTheirCentroidAndASecondDeviceIsNotMixedIn() {
        var capture = StrokeCapture(fingers: 2)
        #expect(capture.take(Self.frame(0, [(1, 0, 0, "began")])) == .none)
        #expect(capture.take(Self.frame(0.01, [(1, 0, 0, "stationary"), (2, 10, 0, "began")])) == .none)
        #expect(capture.take(Self.frame(0.02, [(7, 99, 99, "began")], device: 2)) == .none)
        #expect(capture.take(Self.frame(0.03, [(1, 0, 10, "moved"), (2, 10, 10, "moved")])) == .none)
        #expect(capture.take(Self.frame(0.04, [(1, 0, 10, "ended"), (2, 10, 10, "stationary")]))
            == .drawn(.init(device: 1, points: [Point(x: 5, y: 0), Point(x: 5, y: 10)], duration: 0.03)))
        // The finger left down does not start another drawing; both lifted, one may.
        #expect(capture.take(Self.frame(0.05, [(2, 10, 20, "moved")])) == .none)
        #expect(capture.take(Self.frame(0.06, [(2, 10, 20, "ended")])) == .none)
        #expect(capture.take(Self.frame(0.07, [(3, 0, 0, "began"), (4, 10, 0, "began")])) == .none)
    }

    @Test func moreFingersSpoilTheDrawing() {
        var capture = StrokeCapture(fingers: 1)
        #expect(capture.take(Self.frame(0, [(1, 0, 0, "began")])) == .none)
        #expect(capture.take(Self.frame(0.01, [(1, 5, 0, "moved"), (2, 50, 0, "began")])) == .tooManyFingers(2))
        #expect(capture.take(Self.frame(0.02, [(1, 5, 0, "ended"), (2, 50, 0, "stationary")])) == .none)
        #expect(capture.take(Self.frame(0.03, [(2, 50, 0, "ended")])) == .none)
        #expect(capture.take(Self.frame(0.5, [(3, 0, 0, "began")])) == .none)
        #expect(capture.take(Self.frame(0.75, [(3, 0, 30, "ended")])) == .drawn(.init(device: 1, points: [Point(x: 0, y: 0)], duration: 0.25)))
    }

    @Test func aTemplateIsTheDrawingResampledFromItsCorner() {
        let template = StrokeCapture.template("l", [Point(x: 100, y: 50), Point(x: 100, y: 90), Point(x: 130, y: 90)])
        #expect(template.points.count == StrokeMatcher.pointCount)
        #expect(template.points.first == Point(x: 0, y: 0))
        #expect(template.points.last == Point(x: 30, y: 40))
        #expect(abs(template.length - 70) < 0.5)
    }
}
