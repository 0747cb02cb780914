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
}
