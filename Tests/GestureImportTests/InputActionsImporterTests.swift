import Evdev
import GestureActions
import GestureCore
import GestureImport
import GesturePipeline
import GestureTesting
import GestureWire
import Testing

/// InputActions' stroke triggers, in Fixtures/imports/inputactions.yaml (its wiki's syntax, the
/// strokes as `inputactions record-stroke` writes them), carried over with their drawings; the
/// rest explained.
@Suite struct InputActionsImporterTests {
    static let items = try! InputActionsImporter.read(ImportSample.text("inputactions.yaml"))

    @Test func strokeTriggersOfOneDeviceAndCountShareAGestureAndPickTheirShape() throws {
        let items = Self.items
        #expect(items.actions(6).map(\.gesture) == ["ia-touchpad-strokes-3"])
        #expect(items.actions(6).map(\.strokes) == [["ia-stroke-1"]])
        #expect(items.actions(6).map(\.command) == [.shell("dolphin")])
        #expect(items.actions(12).map(\.strokes) == [["ia-stroke-2"]])
        #expect(items.actions(12).map(\.command) == [.input(ActionInput(keys: ["KEY_LEFTCTRL+KEY_T"]))])
        let definition = try #require(items.actions(6).first?.definition)
        #expect(definition["devices"] == "touchpad" && definition["priority"] == "simultaneous")
        #expect(definition["stroke"]?["fingers"] == .int(3))
        #expect(definition["stroke"]?["shapes"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["ia-stroke-1", "ia-stroke-2"])
        // The check InputActions recorded, in its 40 mm box: its three corners.
        let corners = definition["stroke"]?["shapes"]?.arrayValue?.first?["points"]?.arrayValue?.map { $0.arrayValue?.compactMap(\.doubleValue) ?? [] }
        #expect(corners == [[0, 22.8], [12, 36.8], [40, 2.8]])
        #expect(items.actions(29).first?.gesture == "ia-touchscreen-strokes-1")
        #expect(items.note(29).contains("no fingers: InputActions took any count; 1 here"))
        #expect(items.note(29).contains("`conditions:` not imported"))
    }

    @Test func whatHasNoEquivalentIsSaid() {
        let skipped = Self.items.compactMap { item -> String? in
            if case .skipped(let why) = item.outcome { return "\(item.line): \(why)" } else { return nil }
        }
        #expect(skipped.count == 3)
        #expect(skipped[0].hasPrefix("4: `touchpad.delta_multiplier`"))
        #expect(skipped[1].hasPrefix("19: a `swipe` trigger: only stroke triggers are imported"))
        #expect(skipped[2] == "35: mouse gestures: gestured reads touchscreens and touchpads")
    }

    /// The written file reads back, and its shapes name what is drawn: a drawn check is the
    /// stroke InputActions recorded as the check, a drawn circle the circle's.
    @Test func theImportedShapesNameWhatIsDrawn() throws {
        let text = ActionsWriter.render(Self.items, origin: "inputactions")
        let file = try ActionsFile.parse(text, file: "actions.yml")
        #expect(file.actions.count == 3)
        let config = try GestureConfig.definitions(file.definitions)
        guard case .stroke(_, let templates, _, _, _) = config.bindings[0].gesture else {
            Issue.record("not a stroke")
            return
        }
        let matcher = StrokeMatcher(templates: templates)
        var scratch = StrokeMatcher.Scratch()
        var sampler = StrokeSampler(seed: 5)
        for (drawn, imported) in [("check", "ia-stroke-1"), ("circle-clockwise", "ia-stroke-2")] {
            var path = StrokePath()
            for sample in sampler.draw(StrokeTemplate.builtIn.first { $0.name == drawn }!) { path.add(sample.point) }
            let match = try #require(matcher.match(path, scratch: &scratch))
            #expect(match.name == imported)
            #expect(match.score >= GestureSettings.standard.strokeMinimumScore)
        }
    }

    @Test func aStrokeThatIsNotBase64IsSaid() throws {
        let items = try InputActionsImporter.read("touchpad:\n  gestures:\n    - type: stroke\n      strokes: [ 'not base64!' ]\n      fingers: 3\n      actions:\n        - command: x\n")
        #expect(items.count == 1)
        #expect(items[0].outcome == .skipped("stroke on line 4 is not InputActions' base64 of points"))
    }
}
