import GestureActions
import GestureCore
import GesturePipeline
import GestureWire
import Testing

/// The user's strokes file (`StrokesFile`): read with the configuration's `strokes:` rules,
/// written back as it reads, and sent with a subscription's definitions.
@Suite struct StrokesFileTests {
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
