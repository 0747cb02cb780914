import Evdev
import GestureCore
import GesturePipeline
import GestureWire
import Testing

/// Strokes in the configuration: the `stroke:` kind, the recorded drawings of `strokes:`, and
/// the same drawings sent with a subscription's definitions.
@Suite struct StrokeConfigTests {
    static let recorded = """
        version: 1
        strokes:
          - name: my-z
            points: [[0, 0], [40, 0], [0, 40], [40, 40]]
          - name: check
            points: [[0, 22], [10, 35], [42, 2]]
        gestures:
          - name: shapes
            stroke: { fingers: 2, shapes: [my-z, check, V], minimumScore: 0.9, minimumLength: 30, rotation: 180 }
          - name: everything
            stroke: {}
        """

    @Test func strokesAreReadWithTheirRecordedShapes() throws {
        let config = try GestureConfig.parse(Self.recorded, file: "gestured.yml")
        guard case .stroke(let fingers, let templates, let score, let length, let rotation) = config.bindings[0].gesture else {
            Issue.record("not a stroke: \(config.bindings[0].gesture)")
            return
        }
        #expect(fingers == 2)
        #expect(templates.map(\.name) == ["my-z", "check", "V"])
        // A recorded `check` takes the built-in one's place.
        #expect(templates[1].points.first == Point(x: 0, y: 22))
        #expect(score == 0.9 && length == 30 && rotation == 180)
        guard case .stroke(let defaultFingers, let all, nil, nil, nil) = config.bindings[1].gesture else {
            Issue.record("not a default stroke")
            return
        }
        #expect(defaultFingers == 1)
        #expect(all.map(\.name) == StrokeTemplate.builtIn.map(\.name).filter { $0 != "check" } + ["my-z", "check"])
        #expect(config.bindings[0].gesture.fewestFingers == 2)
        #expect(config.bindings[0].gesture.stateFields.isEmpty)
    }

    @Test(arguments: [
        ("stroke: { shapes: [circle] }", "gestured.yml:4: no stroke named `circle`; known: circle-clockwise, circle-counterclockwise, check, zigzag, L, V, caret, less-than, greater-than, Z, triangle, S (`gesturectl stroke record circle` records one)"),
        ("stroke: { shapes: [] }", "gestured.yml:4: expected `shapes:` as a list of stroke names, like `[circle-clockwise, check]`"),
        ("stroke: { minimumScore: 2 }", "gestured.yml:4: expected `minimumScore` between 0.0 and 1.0, found 2.0"),
        ("stroke: { rotation: 200 }", "gestured.yml:4: expected `rotation` between 0.0 and 180.0, found 200.0"),
        ("stroke: { size: 3 }", "gestured.yml:4: unknown key `size` in `stroke`; expected one of: fingers, shapes, minimumScore, minimumLength, rotation"),
    ])
    func mistakesNameTheLine(_ stroke: String, _ message: String) {
        let text = "version: 1\ngestures:\n  - name: s\n    \(stroke)\n"
        #expect(throws: ConfigError.self) { try GestureConfig.parse(text, file: "gestured.yml") }
        do {
            _ = try GestureConfig.parse(text, file: "gestured.yml")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test(arguments: [
        ("  - name: z\n    points: [[0, 0], [10]]", "strokes.yml:4: expected a point as `[x, y]` in millimetres"),
        ("  - name: z\n    points: [[0, 0]]", "strokes.yml:4: expected 2 to 1024 points in stroke `z`, found 1"),
        ("  - name: z\n    points: [[5, 5], [5, 5]]", "strokes.yml:3: stroke `z` does not move: its points are all one"),
        ("  - points: [[0, 0], [1, 1]]", "strokes.yml:3: expected a `name:` for the stroke"),
    ])
    func aStrokesFileWithAMistakeNamesTheLine(_ entry: String, _ message: String) {
        do {
            _ = try StrokesFile.parse("version: 1\nstrokes:\n\(entry)\n", file: "strokes.yml")
            Issue.record("no error for \(entry)")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test func aStrokesFileReadsBackWhatItWrote() throws {
        let file = StrokesFile(templates: [
            StrokeTemplate(name: "loop", points: [Point(x: 0, y: 0), Point(x: 12.34, y: 5), Point(x: 0.05, y: 9.99)]),
            StrokeTemplate(name: "two words", points: [Point(x: 1, y: 1), Point(x: 2, y: 3)]),
            StrokeTemplate(name: "yes", points: [Point(x: 1, y: 1), Point(x: 2, y: 3)]),
        ])
        let read = try StrokesFile.parse(file.yaml, file: "strokes.yml")
        #expect(read.names == ["loop", "two words", "yes"])
        #expect(read.templates[0].points == [Point(x: 0, y: 0), Point(x: 12.3, y: 5), Point(x: 0.1, y: 10)])
        #expect(file.yaml.contains("  - name: \"two words\"\n") && file.yaml.contains("  - name: \"yes\"\n"))
    }

    /// A client's definitions name the drawings it sends (`strokes`), and a mistake in one is
    /// said as `strokes[N]`.
    @Test func aSubscriptionSendsItsDrawings() throws {
        let drawings = StrokesFile(templates: [StrokeTemplate(name: "mine", points: [Point(x: 0, y: 0), Point(x: 30, y: 30), Point(x: 60, y: 0)])]).json
        let define: [JSONValue] = [.object([("name", "drawn"), ("stroke", .object([("shapes", .array(["mine", "check"]))]))])]
        let config = try GestureConfig.definitions(define, strokes: try GestureConfig.strokes(drawings))
        guard case .stroke(_, let templates, _, _, _) = config.bindings[0].gesture else {
            Issue.record("not a stroke")
            return
        }
        #expect(templates.map(\.name) == ["mine", "check"])
        #expect(throws: ConfigError.self) { try GestureConfig.definitions(define) }
        do {
            _ = try GestureConfig.strokes([drawings[0], .object([("name", "bad")])])
            Issue.record("no error")
        } catch let error as ConfigError {
            #expect(error.line == 2)
            #expect(error.message == "expected `points:` as a list of `[x, y]` in millimetres")
        }
    }
}
