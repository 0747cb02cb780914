import GestureActions
import GesturePipeline
import GestureWire

/// Writes an actions file (docs/ACTIONS.md) for imported items: each action under a comment
/// with the line it came from, each line without an equivalent as a comment that says why.
/// The first action on a gesture carries its `define:`; the others use it by name.
public enum ActionsWriter {
    /// The file's text; `origin` says what it was imported from (a comment at the top).
    public static func render(_ items: [ImportedItem], origin: String) -> String {
        var out = "# Imported from \(comment(origin)) by gesturectl import; check it with gesturectl actions --check.\n"
        out += "version: 1\n"
        let hasActions = items.contains { if case .actions(let actions, _) = $0.outcome { !actions.isEmpty } else { false } }
        out += hasActions ? "actions:\n" : "actions: []\n"
        var defined: Set<String> = []
        for item in items {
            out += "  # line \(item.line): \(comment(item.text))\n"
            switch item.outcome {
            case .skipped(let reason):
                out += "  #   not imported: \(comment(reason))\n"
            case .actions(let actions, let note):
                if let note { out += "  #   note: \(comment(note))\n" }
                for action in actions {
                    out += entry(action, define: defined.insert(action.gesture).inserted)
                }
            }
        }
        return out
    }

    /// The imported actions as entries for ``ActionsFileEdit/appending(entries:to:file:strokes:)``
    /// (each action's lines without indentation), as ``render(_:origin:)`` writes them. With
    /// `origin`, each entry begins with the comments `render` writes above it (where it was
    /// imported from, the line it came from and its note, the lines before it not imported),
    /// and the lines after the last action are an entry of comments alone. `defined` are the
    /// gestures the file defines already: their actions use them by name.
    public static func entries(_ items: [ImportedItem], origin: String? = nil, defined: Set<String> = []) -> [[String]] {
        var defined = defined
        var entries: [[String]] = []
        var comments: [String] = origin.map { ["# Imported from \(comment($0)) by gesturectl view."] } ?? []
        for item in items {
            if origin != nil { comments.append("# line \(item.line): \(comment(item.text))") }
            switch item.outcome {
            case .skipped(let reason):
                if origin != nil { comments.append("#   not imported: \(comment(reason))") }
            case .actions(let actions, let note):
                if origin != nil, let note { comments.append("#   note: \(comment(note))") }
                for action in actions {
                    entries.append(comments + entry(action, define: defined.insert(action.gesture).inserted).split(separator: "\n").map { String($0.dropFirst(4)) })
                    comments = []
                }
            }
        }
        if !entries.isEmpty && !comments.isEmpty { entries.append(comments) }
        return entries
    }

    /// Text that stays inside one YAML comment: a character YAML does not allow, or one that
    /// ends a line (CR, NEL, LS, PS), would break the file or end the comment and let an
    /// imported line write YAML of its own; each is written as `\u{…}`.
    static func comment(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x20...0x7E, 0xA0...0x2027, 0x202A...0xD7FF, 0xE000...0xFEFE, 0xFF00...0xFFFD, 0x10000...:
                out.unicodeScalars.append(scalar)
            default:
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return out
    }

    /// A value as YAML flow text (``YAMLFlowText``).
    static func yaml(_ value: JSONValue) -> String {
        YAMLFlowText.of(value)
    }

    static func entry(_ action: ActionSpec, define: Bool) -> String {
        var out = "  - gesture: \(yaml(.string(action.gesture)))\n"
        if define, let definition = action.definition {
            let withoutName: JSONValue
            if case .object(let pairs) = definition {
                withoutName = .object(pairs.filter { $0.0 != "name" })
            } else {
                withoutName = definition
            }
            out += "    define: \(YAMLFlowText.written(withoutName))\n"
        }
        if let when = action.when {
            var fields: [String] = []
            if !when.apps.isEmpty { fields.append("app: " + yaml(when.apps.count == 1 ? .string(when.apps[0]) : .array(when.apps.map(JSONValue.string)))) }
            if !when.titles.isEmpty { fields.append("title: " + yaml(when.titles.count == 1 ? .string(when.titles[0]) : .array(when.titles.map(JSONValue.string)))) }
            out += "    when: { \(fields.joined(separator: ", ")) }\n"
        }
        if let strokes = action.strokes {
            out += "    stroke: \(yaml(strokes.count == 1 ? .string(strokes[0]) : .array(strokes.map(JSONValue.string))))\n"
        }
        switch action.trigger {
        case .ended: break
        case .began: out += "    on: began\n"
        case .failed: out += "    on: failed\n"
        case .held(let interval): out += "    on: { held: \(yaml(.number(interval))) }\n"
        case .update(let step):
            let every: String
            switch step.measure {
            case .distance(let axis): every = "distance: \(yaml(.number(step.size)))\(axis.map { ", axis: \($0.rawValue)" } ?? "")"
            case .scale: every = "scale: \(yaml(.number(step.size)))"
            case .angle: every = "angle: \(yaml(.number(step.size)))"
            }
            out += "    on: { update: { every: { \(every) } } }\n"
        }
        if let run = action.command { out += Self.command(run, "run", "shell", "keys") }
        if let back = action.back { out += Self.command(back, "back", "backShell", "backKeys") }
        if let timeout = action.timeout { out += "    timeout: \(yaml(.number(timeout)))\n" }
        if action.overlap != .drop { out += "    overlap: \(action.overlap.rawValue)\n" }
        return out
    }

    static func command(_ command: ActionCommand, _ words: String, _ line: String, _ keysKey: String) -> String {
        switch command {
        case .argv(let arguments): return "    \(words): \(yaml(.array(arguments.map(JSONValue.string))))\n"
        case .shell(let text): return "    \(line): \(yaml(.string(text)))\n"
        case .input(let input):
            func list(_ names: [String]) -> String { names.count == 1 ? yaml(.string(names[0])) : yaml(.array(names.map(JSONValue.string))) }
            var out = ""
            if !input.keys.isEmpty { out += "    \(keysKey): \(list(input.keys))\n" }
            let back = keysKey == "backKeys"
            if !input.buttons.isEmpty { out += "    \(back ? "backButtons" : "buttons"): \(list(input.buttons))\n" }
            if let wheel = input.wheel { out += "    \(back ? "backWheel" : "wheel"): \(wheel)\n" }
            if let hwheel = input.hwheel { out += "    \(back ? "backHwheel" : "hwheel"): \(hwheel)\n" }
            if !input.hold && !back { out += "    hold: false\n" }
            return out
        case .window(let action):
            return "    \(keysKey == "keys" ? "window" : "backWindow"): \(yaml(.string(action.description)))\n"
        }
    }
}
