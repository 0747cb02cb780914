import GestureWire

/// An action as `gesturectl view`'s Actions panel makes it: a gesture by name (and its
/// `define:` when it is "this one exactly"), what it does — keys, a shell line or a window
/// action —, an application it is limited to, and whether it consumes. Its ``entry`` is the
/// action's lines for ``ActionsFileEdit/appending(_:to:file:strokes:)``; every value is written
/// as a plain name or quoted (``YAMLFlowText``), so nothing the page sends can write YAML of its own.
public struct ActionDraft: Equatable, Sendable {
    /// What the action does when its gesture ends.
    public enum Does: Equatable, Sendable {
        /// `keys:` one combination, or several in order (gestured's key names).
        case keys([String])
        /// `shell:` a line for `sh -c`.
        case shell(String)
        /// `window:` a window action (`close`, `workspace next`, …).
        case window(String)
    }

    /// Why the page's draft is not an action.
    public struct Mistake: Error, Equatable, CustomStringConvertible {
        /// In the page's words.
        public var description: String
        /// A mistake saying `description`.
        public init(_ description: String) { self.description = description }
    }

    /// The gesture's name.
    public var gesture: String
    /// Its definition in flow YAML (``ActionsFileEdit/definition(of:)``), nil for a gesture the
    /// daemon has configured.
    public var define: String?
    /// What it does.
    public var does: Does
    /// The application it is limited to (`when: { app: … }`), nil: whatever is in front.
    public var app: String?
    /// `consume:`, nil to leave it to the default (``ActionsFile/consumes(_:)``).
    public var consume: Bool?

    /// A draft with these parts.
    public init(gesture: String, define: String? = nil, does: Does, app: String? = nil, consume: Bool? = nil) {
        self.gesture = gesture
        self.define = define
        self.does = does
        self.app = app
        self.consume = consume
    }

    /// The draft the page sent: `{"gesture": …, "keys"|"shell"|"window": …, "app": …,
    /// "consume": true|false}` (a `define` is the server's to add). A missing or wrong field is a
    /// mistake naming it.
    public init(json: JSONValue) throws(Mistake) {
        guard case .object = json else { throw Mistake("an action is a JSON object") }
        guard let gesture = json["gesture"]?.stringValue, Self.isName(gesture) else {
            throw Mistake("`gesture` is a gesture's name: letters, digits, `-`, `_` and `.`, 1 to 64 of them")
        }
        func text(_ key: String) throws(Mistake) -> String? {
            guard let value = json[key], value != .null else { return nil }
            guard let string = value.stringValue, !string.isEmpty, string.count <= 4096 else { throw Mistake("`\(key)` is text of 1 to 4096 characters") }
            guard !string.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" }) else { throw Mistake("`\(key)` is one line") }
            return string
        }
        let keys = try text("keys")
        let shell = try text("shell")
        let window = try text("window")
        switch (keys, shell, window) {
        case (let keys?, nil, nil):
            let chords = keys.split(separator: " ").map(String.init)
            guard !chords.isEmpty, chords.count <= 16 else { throw Mistake("`keys` is 1 to 16 combinations, separated by spaces") }
            does = .keys(chords)
        case (nil, let shell?, nil): does = .shell(shell)
        case (nil, nil, let window?):
            guard WindowAction(window) != nil else { throw Mistake("`window` is close, maximize, minimize, fullscreen, show-desktop, workspace next, workspace previous, workspace N, move-to-workspace next, move-to-workspace previous or move-to-workspace N, not \(window)") }
            does = .window(window)
        default: throw Mistake("an action does one thing: `keys`, `shell` or `window`")
        }
        app = try text("app")
        switch json["consume"] {
        case nil, .null?: consume = nil
        case .bool(let value)?: consume = value
        default: throw Mistake("`consume` is true, false or null")
        }
        self.gesture = gesture
        define = nil
    }

    /// The action's lines, without indentation: `gesture: swipe-left-3`, `keys: super+Right`.
    public var entry: [String] {
        var lines = ["gesture: " + YAMLFlowText.scalar(gesture)]
        if let define { lines.append("define: " + define) }
        if let app { lines.append("when: { app: \(YAMLFlowText.of(.string(app))) }") }
        switch does {
        case .keys(let chords):
            lines.append("keys: " + (chords.count == 1 ? YAMLFlowText.scalar(chords[0]) : "[" + chords.map(YAMLFlowText.scalar).joined(separator: ", ") + "]"))
        case .shell(let line): lines.append("shell: " + YAMLFlowText.of(.string(line)))
        case .window(let action): lines.append("window: " + (action.contains(" ") ? YAMLFlowText.of(.string(action)) : YAMLFlowText.scalar(action)))
        }
        if let consume { lines.append("consume: \(consume)") }
        return lines
    }

    /// Whether `name` is a gesture name the page may write: `[A-Za-z0-9._-]{1,64}`.
    public static func isName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count)
            && name.unicodeScalars.allSatisfy { $0.isASCII && (($0.properties.isAlphabetic) || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }
    }
}
