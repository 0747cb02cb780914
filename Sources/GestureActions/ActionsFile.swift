import GestureCore
import GesturePipeline
import GestureWire

/// A user's gestures-to-commands file (`~/.config/gestured/actions.yml`, read by `gesturectl
/// actions`): what to run when which gesture does what. docs/ACTIONS.md describes the syntax.
public struct ActionsFile: Sendable, Equatable {
    /// The actions, in file order.
    public var actions: [ActionSpec]
    /// Where it was read from.
    public var source: String
    /// The keyboard layout key names are typed in (`keyboard:`); nil: the user's, as found.
    public var keyboard: ActionsKeyboard?
    /// What `gesturectl overlay` draws (`overlay:`); nil: the section is not there (its defaults).
    public var overlay: ActionsOverlay?

    /// Creates a file.
    public init(actions: [ActionSpec], source: String, keyboard: ActionsKeyboard? = nil, overlay: ActionsOverlay? = nil) {
        self.actions = actions
        self.source = source
        self.keyboard = keyboard
        self.overlay = overlay
    }

    /// Reads an actions file; a mistake is a ``ConfigError`` naming the line, as the daemon's
    /// configuration errors do.
    public static func parse(_ text: String, file: String, strokes: [StrokeTemplate] = []) throws -> ActionsFile {
        var reader = ActionsReader(file: file)
        reader.strokes = strokes
        let (actions, keyboard, overlay) = try reader.readFile(text)
        var parsed = ActionsFile(actions: actions, source: file, keyboard: keyboard, overlay: overlay)
        parsed.strokes = strokes
        return parsed
    }

    /// The user's recorded strokes it was read with (their strokes file), sent with its
    /// subscription when it defines strokes.
    public var strokes: [StrokeTemplate] = []

    /// Whether any gesture it defines is a stroke (or holds one).
    public var definesStrokes: Bool {
        definitions.contains { Self.holdsStroke($0) }
    }

    /// Whether a definition is a stroke or combines one.
    public static func holdsStroke(_ value: JSONValue) -> Bool {
        if value["stroke"] != nil { return true }
        if let items = value.arrayValue { return items.contains(where: holdsStroke) }
        for key in ["simultaneously", "sequenced", "exclusively"] {
            if let parts = value[key]?.arrayValue, parts.contains(where: holdsStroke) { return true }
        }
        return false
    }

    /// Whether any action depends on the focused window or acts on windows (`when:`, and every
    /// window-action key: `window:` and `backWindow:`, which the touchegg importer writes).
    public var needsDesktop: Bool {
        actions.contains { action in
            if action.when != nil { return true }
            if case .window? = action.command { return true }
            if case .window? = action.back { return true }
            return false
        }
    }

    /// Whether any action types (keys, buttons, wheel).
    public var types: Bool { actions.contains { $0.command?.input != nil || $0.back?.input != nil } }

    /// What is wrong with the actions on configured gestures, given the daemon's configured
    /// gestures: a name it does not configure, or an `on:` its gesture can never reach. Each
    /// names this file's line; an action with a problem would never run.
    public func problems(configured: [BindingSpec]) -> [ConfigError] {
        let byName = Dictionary(configured.map { ($0.name, $0.gesture) }, uniquingKeysWith: { first, _ in first })
        var definedOnce: Set<String> = []
        return actions.compactMap { action in
            guard action.definition == nil else {
                guard byName[action.gesture] != nil, definedOnce.insert(action.gesture).inserted else { return nil }
                return ConfigError(file: source, line: action.line, Self.shadowing(action.gesture))
            }
            guard let gesture = byName[action.gesture] else {
                return ConfigError(file: source, line: action.line, Self.unknown(action.gesture, configured: configured.map(\.name)))
            }
            if let why = gesture.unknownStrokes(action.strokes, name: action.gesture) {
                return ConfigError(file: source, line: action.strokesLine ?? action.line, why)
            }
            return gesture.unreachable(action.trigger, name: action.gesture).map { ConfigError(file: source, line: action.triggerLine ?? action.line, $0) }
        }
    }

    /// Why a definition cannot take a configured gesture's name.
    public static func shadowing(_ name: String) -> String {
        "gesture `\(name)` is defined here and also configured in gestured; give the definition another name"
    }

    /// Why a name is not a gesture the daemon has.
    public static func unknown(_ name: String, configured: [String]) -> String {
        let near = NearestNames.of(name, among: configured)
        let hint = near.isEmpty
            ? "none of the \(configured.count) configured is near that name"
            : "did you mean \(near.map { "`\($0)`" }.joined(separator: " or "))? (\(configured.count) configured)"
        return "gesture `\(name)` is neither configured in gestured nor defined in this file (`define:`); \(hint)"
    }

    /// The configured gestures the actions use (each once, in file order).
    public var configuredGestures: [String] {
        var seen: Set<String> = []
        return actions.filter { $0.definition == nil }.map(\.gesture).filter { seen.insert($0).inserted }
    }

    /// Whether the runner asks the daemon to keep a gesture's touches from the desktop
    /// (docs/OWNERSHIP.md): when one of its actions says `consume: true`, or runs whatever is in
    /// front (no `when:`) and does not say `consume: false` — the user bound it and does not want
    /// the desktop to act on it too. A gesture whose actions all wait for an application does
    /// not consume unless one says so: it would take the gesture from every other one.
    public func consumes(_ gesture: String) -> Bool {
        actions.contains { $0.gesture == gesture && ($0.consume ?? ($0.when == nil)) }
    }

    /// The gestures the file defines, for `subscribe`'s `define` (each once, in file order).
    public var definitions: [JSONValue] {
        var seen: Set<String> = []
        return actions.compactMap { action in
            guard let definition = action.definition, seen.insert(action.gesture).inserted else { return nil }
            return definition
        }
    }
}
