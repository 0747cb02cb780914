import Evdev
import GestureActions
import GestureCore
import GesturePipeline
import GestureWire
import YAML

/// Reads an InputActions configuration (`~/.config/inputactions/config.yaml`) into actions:
/// its stroke triggers on touchpads and touchscreens, with the strokes it recorded
/// (`inputactions record-stroke` writes each as base64: per point four signed bytes, x and y in
/// a unit box, the arc length so far and the direction, each ×100). The strokes of one device
/// kind and finger count become one `stroke` gesture whose shapes are those drawings, written
/// into its definition, and each trigger's actions pick their shape with `stroke:` — as
/// InputActions runs the trigger whose stroke fits best. Other triggers, mouse gestures,
/// conditions and actions without an equivalent are said, not guessed.
public enum InputActionsImporter {
    /// The imported items, one per trigger (and per section without an equivalent).
    public static func read(_ text: String) throws(YAMLSource.Failure) -> [ImportedItem] {
        guard let root = try YAMLSource.compose(text), let sections = root.mapping else { return [] }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func written(_ node: YAMLNode) -> String {
            let index = node.line - 1
            return index >= 0 && index < lines.count ? lines[index].trimmed : "?"
        }
        var items: [ImportedItem] = []
        // Gesture name → the drawings of its triggers, in file order.
        var gestures: [(name: String, define: (kind: String, fingers: Int), shapes: [JSONValue], items: [Int])] = []
        var strokeNumber = 0
        for (key, value) in sections {
            let section = key.string ?? "?"
            guard ["touchpad", "touchscreen"].contains(section) else {
                let why = section == "mouse" ? "mouse gestures: gestured reads touchscreens and touchpads" : "`\(section):` has no equivalent in gestured's actions"
                items.append(ImportedItem(line: key.line, text: written(key), outcome: .skipped(why)))
                continue
            }
            for (settingKey, _) in value.mapping ?? [] where settingKey.string != "gestures" {
                items.append(ImportedItem(line: settingKey.line, text: written(settingKey), outcome: .skipped(
                    "`\(section).\(settingKey.string ?? "?")`: gestured's own device rules and thresholds apply (docs/INPUT.md, docs/CONFIG.md)")))
            }
            for trigger in value["gestures"]?.sequence ?? [] {
                let type = trigger["type"]?.string ?? "?"
                guard type == "stroke" else {
                    let why = trigger["gestures"] != nil
                        ? "a group of triggers: import its members written out one by one"
                        : "a `\(type)` trigger: only stroke triggers are imported from InputActions; gestured's own swipes, pinches, holds and taps are in docs/CONFIG.md"
                    items.append(ImportedItem(line: trigger.line, text: written(trigger), outcome: .skipped(why)))
                    continue
                }
                var notes: [String] = []
                let fingers: Int
                if let count = trigger["fingers"]?.int, (1...5).contains(count) {
                    fingers = count
                } else if let range = trigger["fingers"]?.string, let low = range.split(separator: "-").first.flatMap({ Int($0.trimmed) }), (1...5).contains(low) {
                    fingers = low
                    notes.append("fingers \(range): gestured's stroke takes one count, \(low)")
                } else {
                    fingers = section == "touchscreen" ? 1 : 3
                    notes.append("no fingers: InputActions took any count; \(fingers) here" + (section == "touchpad" ? " (one finger moves the pointer, two scroll)" : ""))
                }
                guard let strokes = trigger["strokes"]?.sequence, !strokes.isEmpty else {
                    items.append(ImportedItem(line: trigger.line, text: written(trigger), outcome: .skipped("a stroke trigger without `strokes:`")))
                    continue
                }
                strokeNumber += 1
                let shape = "ia-stroke-\(strokeNumber)"
                var drawings: [JSONValue] = []
                var bad: String?
                for stroke in strokes {
                    guard let encoded = stroke.string, let points = Self.points(encoded) else {
                        bad = "stroke on line \(stroke.line) is not InputActions' base64 of points"
                        break
                    }
                    drawings.append(.object([
                        ("name", .string(shape)),
                        ("points", .array(points.map { .array([.rounded($0.x, 1), .rounded($0.y, 1)]) })),
                    ]))
                }
                if let bad {
                    items.append(ImportedItem(line: trigger.line, text: written(trigger), outcome: .skipped(bad)))
                    continue
                }
                for condition in ["conditions", "end_conditions", "keyboard_modifiers", "mouse_buttons"] where trigger[condition] != nil {
                    notes.append("`\(condition):` not imported: the action runs whatever the window and keys")
                }
                let name = "ia-\(section)-strokes-\(fingers)"
                var specs: [ActionSpec] = []
                for action in trigger["actions"]?.sequence ?? [] {
                    if let on = action["on"]?.string, on != "end" {
                        notes.append("an action `on: \(on)`: a stroke runs its actions when it ends")
                        continue
                    }
                    if let command = action["command"]?.string {
                        var spec = ActionSpec(gesture: name, command: .shell(command), line: action.line)
                        spec.strokes = [shape]
                        specs.append(spec)
                    } else if let keys = Self.keys(action["input"]) {
                        var spec = ActionSpec(gesture: name, command: .input(ActionInput(keys: keys)), line: action.line)
                        spec.strokes = [shape]
                        specs.append(spec)
                    } else {
                        let kind = action.mapping?.first?.key.string ?? "?"
                        notes.append("an action `\(kind):` has no equivalent (gestured runs commands and types keys)")
                    }
                }
                guard !specs.isEmpty else {
                    items.append(ImportedItem(line: trigger.line, text: written(trigger), outcome: .skipped(
                        "no action that gestured can run" + (notes.isEmpty ? "" : ": " + notes.joined(separator: "; ")))))
                    continue
                }
                items.append(ImportedItem(line: trigger.line, text: written(trigger), outcome: .actions(specs, note: notes.isEmpty ? nil : notes.joined(separator: "; "))))
                if let index = gestures.firstIndex(where: { $0.name == name }) {
                    gestures[index].shapes += drawings
                    gestures[index].items.append(items.count - 1)
                } else {
                    gestures.append((name, (section, fingers), drawings, [items.count - 1]))
                }
            }
        }
        // Each gesture defined on its first action, with every trigger's drawings.
        for gesture in gestures {
            let definition: JSONValue = .object([
                ("name", .string(gesture.name)),
                ("stroke", .object([("fingers", .int(Int64(gesture.define.fingers))), ("shapes", .array(gesture.shapes))])),
                ("devices", .string(gesture.define.kind)), ("priority", "simultaneous"),
            ])
            for index in gesture.items {
                guard case .actions(var specs, let note) = items[index].outcome else { continue }
                for spec in specs.indices { specs[spec].definition = definition }
                items[index].outcome = .actions(specs, note: note)
            }
        }
        return items.sorted { $0.line < $1.line }
    }

    /// A stroke's points from InputActions' base64 (x and y of each point, in a 40 mm box).
    static func points(_ encoded: String) -> [Point]? {
        guard let bytes = Base64.decode(encoded), bytes.count >= 8, bytes.count % 4 == 0 else { return nil }
        var points: [Point] = []
        for index in stride(from: 0, to: bytes.count, by: 4) {
            let x = Double(Int8(bitPattern: bytes[index])) / 100, y = Double(Int8(bitPattern: bytes[index + 1])) / 100
            points.append(Point(x: x * 40, y: y * 40))
        }
        return points
    }

    /// `input: [ { keyboard: [ leftctrl+t ] } ]` as keys (evdev names), or nil for any other input.
    static func keys(_ node: YAMLNode?) -> [String]? {
        guard let devices = node?.sequence, !devices.isEmpty else { return nil }
        var keys: [String] = []
        for device in devices {
            guard let list = device["keyboard"]?.sequence, device.mapping?.count == 1 else { return nil }
            for item in list {
                guard let combination = item.string, !combination.hasPrefix("+"), !combination.hasPrefix("-"), !combination.isEmpty else { return nil }
                keys.append(combination.split(separator: "+").map { "KEY_" + $0.uppercased() }.joined(separator: "+"))
            }
        }
        return keys.isEmpty ? nil : keys
    }
}
