import GestureWire

/// Writes an actions file (docs/ACTIONS.md) for imported items: each action under a comment
/// with the line it came from, each line without an equivalent as a comment that says why.
/// The first action on a gesture carries its `define:`; the others use it by name.
public enum ActionsWriter {
    /// The file's text; `origin` says what it was imported from (a comment at the top).
    public static func render(_ items: [ImportedItem], origin: String) -> String {
        var out = "# Imported from \(origin) by gesturectl import; check it with gesturectl actions --check.\n"
        out += "version: 1\n"
        let hasActions = items.contains { if case .actions(let actions, _) = $0.outcome { !actions.isEmpty } else { false } }
        out += hasActions ? "actions:\n" : "actions: []\n"
        var defined: Set<String> = []
        for item in items {
            out += "  # line \(item.line): \(item.text)\n"
            switch item.outcome {
            case .skipped(let reason):
                out += "  #   not imported: \(reason)\n"
            case .actions(let actions, let note):
                if let note { out += "  #   note: \(note)\n" }
                for action in actions {
                    out += entry(action, define: defined.insert(action.gesture).inserted)
                }
            }
        }
        return out
    }

    static func entry(_ action: ActionSpec, define: Bool) -> String {
        var out = "  - gesture: \(JSONValue.string(action.gesture).serialized)\n"
        if define, let definition = action.definition {
            let withoutName: JSONValue
            if case .object(let pairs) = definition {
                withoutName = .object(pairs.filter { $0.0 != "name" })
            } else {
                withoutName = definition
            }
            out += "    define: \(withoutName.serialized)\n"
        }
        switch action.trigger {
        case .ended: break
        case .began: out += "    on: began\n"
        case .failed: out += "    on: failed\n"
        case .held(let interval): out += "    on: { held: \(JSONValue.number(interval).serialized) }\n"
        case .update(let step):
            let every: String
            switch step.measure {
            case .distance(let axis): every = "distance: \(JSONValue.number(step.size).serialized)\(axis.map { ", axis: \($0.rawValue)" } ?? "")"
            case .scale: every = "scale: \(JSONValue.number(step.size).serialized)"
            case .angle: every = "angle: \(JSONValue.number(step.size).serialized)"
            }
            out += "    on: { update: { every: { \(every) } } }\n"
        }
        if let run = action.command { out += Self.command(run, "run", "shell") }
        if let back = action.back { out += Self.command(back, "back", "backShell") }
        if let timeout = action.timeout { out += "    timeout: \(JSONValue.number(timeout).serialized)\n" }
        if action.overlap != .drop { out += "    overlap: \(action.overlap.rawValue)\n" }
        return out
    }

    static func command(_ command: ActionCommand, _ words: String, _ line: String) -> String {
        switch command {
        case .argv(let arguments): return "    \(words): \(JSONValue.array(arguments.map(JSONValue.string)).serialized)\n"
        case .shell(let text): return "    \(line): \(JSONValue.string(text).serialized)\n"
        }
    }
}
