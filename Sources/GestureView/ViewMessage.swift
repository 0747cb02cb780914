import GestureWire

/// A live message to the view's pages, over their WebSocket: one JSON object a message, its kind
/// in `view`. This is the one place they are made; the page (`Page/view.js`, `Page/actions.js`)
/// reads them by these fields.
public enum ViewMessage: Sendable, Equatable {
    /// `{"view": "status", "text"}`: the header's line (waiting for the daemon, connected to it).
    case status(String)
    /// `{"view": "event", "message", "json", "text"}`: one of the daemon's events — the object,
    /// its JSON line, and its readable line as `gesturectl subscribe` prints it (null: none).
    case event(JSONValue, text: String?)
    /// `{"view": "action", "gesture", "instance", "line", "back", "does", "time", "text"}`: an
    /// action of the user's actions file that an event runs, as `gesturectl actions` decides it —
    /// the entry at `line` (`back`: its `back:` command), what it does, the event's time (s).
    case action(gesture: String, instance: Int64, line: Int, back: Bool, does: String, time: Double)
    /// `{"view": "trial", "gesture", "instance", "phase", "runs": [{"does", "line"}], "text"}`:
    /// what the action tried in the Actions panel would run for an event of its gesture — the
    /// tried one first (`line` null: not in the file yet), then each the file already has.
    case trial(gesture: String, instance: Int64, phase: String, runs: [Run])
    /// `{"view": "stroke", "name", "value"?, "text"}`: a drawing of the shape the panel records
    /// was taken (`text` says which; with the last, `value` is the stroke gesture's value).
    case stroke(name: String, value: JSONValue?, text: String)

    /// One action a trial would run.
    public struct Run: Sendable, Equatable {
        /// What it does (`keys super+Right`, `window close`, a command line).
        public var does: String
        /// Its line in the actions file; nil for the action tried, not saved yet.
        public var line: Int?

        /// A run of `does`, at `line` of the file (nil: the tried action).
        public init(does: String, line: Int?) {
            self.does = does
            self.line = line
        }
    }

    /// The readable line the page shows for it.
    public var text: String {
        switch self {
        case .status(let text): text
        case .event(_, let text): text ?? ""
        case .action(let gesture, let instance, let line, let back, let does, let time):
            GestureEventText.pad(GestureEventText.format(time, 3) + "s", 9) + "  action  \(gesture)#\(instance)  line \(line)\(back ? " back" : ""): \(does)"
        case .trial(let gesture, let instance, let phase, let runs):
            "\(gesture)#\(instance) \(phase): would run "
                + runs.map { run in run.does + (run.line.map { " (line \($0), already in the file)" } ?? "") }.joined(separator: "; and ")
        case .stroke(_, _, let text): text
        }
    }

    /// The message as its JSON object.
    public var json: JSONValue {
        switch self {
        case .status(let text):
            .object([("view", "status"), ("text", .string(text))])
        case .event(let event, let text):
            .object([("view", "event"), ("message", event), ("json", .string(event.serialized)), ("text", text.map(JSONValue.string) ?? .null)])
        case .action(let gesture, let instance, let line, let back, let does, let time):
            .object([
                ("view", "action"), ("gesture", .string(gesture)), ("instance", .number(Double(instance))), ("line", .number(Double(line))),
                ("back", .bool(back)), ("does", .string(does)), ("time", .number(time)), ("text", .string(text)),
            ])
        case .trial(let gesture, let instance, let phase, let runs):
            .object([
                ("view", "trial"), ("gesture", .string(gesture)), ("instance", .number(Double(instance))), ("phase", .string(phase)),
                ("runs", .array(runs.map { .object([("does", .string($0.does)), ("line", $0.line.map { .number(Double($0)) } ?? .null)]) })),
                ("text", .string(text)),
            ])
        case .stroke(let name, let value, let text):
            .object([("view", "stroke"), ("name", .string(name))] + (value.map { [("value", $0)] } ?? []) + [("text", .string(text))])
        }
    }

    /// The message as the line sent to the pages.
    public var serialized: String { json.serialized }
}
