import Evdev
import GestureCore
import GesturePipeline
import GestureWire

/// A user's recorded strokes (`~/.config/gestured/strokes.yml`, written by `gesturectl stroke
/// record`): `version: 1` and a `strokes:` list of drawings, each `{ name, points }` in
/// millimetres, as the configuration's own `strokes:` (docs/CONFIG.md). `gesturectl actions`
/// reads it so its `stroke:` gestures know the shapes, and sends the drawings with its
/// subscription.
public struct StrokesFile: Sendable, Equatable {
    /// The drawings, in file order (several may share a name).
    public var templates: [StrokeTemplate]

    /// Creates a file.
    public init(templates: [StrokeTemplate]) {
        self.templates = templates
    }

    /// Reads a strokes file; a mistake names its line.
    public static func parse(_ text: String, file: String) throws -> StrokesFile {
        let reader = ConfigReader(file: file)
        let root = try reader.document(text, what: "the strokes file", expected: "`version: 1` and `strokes:`")
        let top = try reader.mapping(root, "the strokes file (`version: 1` and `strokes:`)", allowed: ["version", "strokes"])
        guard let version = top["version"], version.int == 1 else { throw reader.error(top["version"] ?? root, "expected `version: 1`") }
        guard let list = top["strokes"] else { throw reader.error(root, "expected a `strokes:` list") }
        return StrokesFile(templates: try reader.strokeTemplates(list))
    }

    /// The names, each once, in file order.
    public var names: [String] { templates.names }

    /// The file's text: every drawing on one line, points to 0.1 mm.
    public var yaml: String {
        var text = "# Strokes recorded with `gesturectl stroke record NAME`; docs/ACTIONS.md says how they are used.\nversion: 1\nstrokes:\n"
        for template in templates {
            let points = template.points.map { "[\(Self.number($0.x)), \(Self.number($0.y))]" }.joined(separator: ", ")
            text += "  - name: \(Self.quoted(template.name))\n    points: [\(points)]\n"
        }
        return text
    }

    /// The drawings as a subscription's `strokes` (docs/PROTOCOL.md).
    public var json: [JSONValue] {
        templates.map { template in
            .object([
                ("name", .string(template.name)),
                ("points", .array(template.points.map { .array([.rounded($0.x, 1), .rounded($0.y, 1)]) })),
            ])
        }
    }

    static func number(_ value: Double) -> String {
        GestureEventText.format(value, 1)
    }

    /// A name as a YAML scalar: plain when it is letters, digits, `-`, `_` and `.` starting with
    /// a letter (and no YAML word like `yes`), else JSON's string (YAML reads it the same).
    static func quoted(_ name: String) -> String {
        let safe = name.first?.isLetter == true
            && name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0) }
            && !["true", "false", "null", "yes", "no", "on", "off", "y", "n"].contains(name.lowercased())
        return safe ? name : JSONValue.string(name).serialized
    }
}
