import GestureActions
import GestureWire
import Testing

/// A shape recorded from `touches` events, frame by frame: what `gesturectl stroke record` and
/// the view's Actions panel both take and say.
@Suite struct StrokeRecordingTests {
    /// One finger drawing a square of `side` mm from (10, 10), lifted at the end.
    static func square(_ side: Double, id: Int, from time: Double) -> [JSONValue] {
        let corners = [(0.0, 0.0), (side, 0), (side, side), (0, side), (0, 0)]
        var frames: [JSONValue] = []
        var t = time
        for (index, corner) in corners.enumerated() {
            for step in 0..<8 where index > 0 || step == 0 {
                let (x0, y0) = index == 0 ? corner : corners[index - 1]
                let f = index == 0 ? 0 : Double(step + 1) / 8
                let phase = index == 0 ? "began" : "moved"
                frames.append(Self.frame(id: id, x: 10 + x0 + (corner.0 - x0) * f, y: 10 + y0 + (corner.1 - y0) * f, phase: phase, time: t))
                t += 0.01
            }
        }
        frames.append(Self.frame(id: id, x: 10, y: 10, phase: "ended", time: t))
        return frames
    }

    static func frame(id: Int, x: Double, y: Double, phase: String, time: Double) -> JSONValue {
        .object([
            ("event", "touches"), ("device", .number(1)), ("time", .number(time)),
            ("contacts", .array([.object([("id", .number(Double(id))), ("x", .number(x)), ("y", .number(y)), ("phase", .string(phase))])])),
        ])
    }

    @Test func drawingsAreTakenUntilThereAreEnoughAndEachIsSaid() {
        var recording = StrokeRecording(name: "box", times: 2)
        var said: [String] = []
        for (index, side) in [4.0, 30, 30].enumerated() {
            for frame in Self.square(side, id: index, from: Double(index)) {
                if let step = recording.take(frame) { said.append(recording.said(step)) }
            }
        }
        #expect(said == [
            "that was 16 mm; draw box larger, at least 20 mm of path",
            "got box 1 of 2: 120 mm in 0.33 s; draw it again (2 of 2)",
            "got box 2 of 2: 120 mm in 0.33 s",
        ])
        #expect(recording.isDone && recording.drawings.count == 2 && recording.drawings.allSatisfy { $0.name == "box" })
        // Done: nothing more is taken.
        #expect(Self.square(30, id: 9, from: 9).compactMap { recording.take($0) }.isEmpty)
    }
}
