import Evdev
import GestureCore
import GesturePipeline
import GestureWire
import YAML

/// Reads the YAML of an actions file into ``ActionSpec``s, with ``ConfigReader``'s rules:
/// unknown keys and bad values are errors that name the line.
struct ActionsReader {
    let file: String
    /// The user's recorded strokes (their strokes file), which `stroke:` gestures may name.
    var strokes: [StrokeTemplate] = []
    var config: ConfigReader {
        var reader = ConfigReader(file: file)
        reader.strokes = strokes
        return reader
    }

    /// The keys an action takes: the list docs/ACTIONS.md's key table must name
    /// (`ActionKeysDocTests`). Adding one: ``ActionSpec``'s comment says where else it goes.
    public static let actionKeys = [
        "gesture", "define", "on", "when", "run", "shell", "keys", "buttons", "wheel", "hwheel", "hold", "window", "back", "backShell", "backKeys", "backButtons", "backWheel", "backHwheel", "backWindow",
        "timeout", "overlap", "consume", "stroke",
    ]

    func error(_ node: YAMLNode?, _ message: String) -> ConfigError {
        ConfigError(file: file, line: node?.line, message)
    }

    func read(_ text: String) throws -> [ActionSpec] {
        try readFile(text).actions
    }

    /// The actions, the `keyboard:` setting and the `overlay:` section.
    func readFile(_ text: String) throws -> (actions: [ActionSpec], keyboard: ActionsKeyboard?, overlay: ActionsOverlay?) {
        let root = try config.document(text, what: "the actions file", expected: "`version: 1` and `actions:`")
        let top = try config.mapping(root, "the actions file (`version: 1` and `actions:`)", allowed: ["version", "keyboard", "overlay", "actions"])
        guard let version = top["version"], version.int == 1 else { throw error(top["version"] ?? root, "expected `version: 1`") }
        guard let list = top["actions"] else { throw error(root, "expected an `actions:` list") }
        guard let entries = list.sequence else { throw error(list, "expected `actions:` to be a list of actions") }
        var defined: [String: (line: Int, gesture: GestureSpec)] = [:]
        var actions: [ActionSpec] = []
        // What a daemon takes from one connection (docs/PROTOCOL.md, "Limits"): the runner's.
        let limits = ProtocolLimits.standard
        var recognizers = 0
        for entry in entries {
            let (action, gesture) = try self.action(entry)
            if let gesture {
                if let first = defined[action.gesture] {
                    throw error(entry, "gesture `\(action.gesture)` is defined twice (first on line \(first.line)); define it once and use it in both actions")
                }
                defined[action.gesture] = (entry.line, gesture)
                recognizers += gesture.recognizerCount
                guard recognizers <= limits.maximumDefinedRecognizers else {
                    throw error(entry, "the gestures this file defines hold \(recognizers) recognizers up to here; gestured takes at most \(limits.maximumDefinedRecognizers) from one connection (docs/PROTOCOL.md, \"Limits\")")
                }
                if let size = action.definition?.serialized.utf8.count, size > limits.maximumDefinitionBytes {
                    throw error(entry, "the definition of `\(action.gesture)` is \(size) bytes as sent; gestured takes at most \(limits.maximumDefinitionBytes) (record long drawings into the strokes file and name them)")
                }
            }
            actions.append(action)
        }
        let keyboard = try top["keyboard"].map(self.keyboard)
        let overlay = try top["overlay"].map(self.overlay)
        try checkGroups(actions)
        // An action that uses a gesture defined by another one needs no definition of its own.
        return (try actions.map { action in
            guard let definition = defined[action.gesture] else { return action }
            // A trigger the gesture can never reach is a mistake, said with what to use instead.
            if let why = definition.gesture.unreachable(action.trigger, name: action.gesture) {
                throw ConfigError(file: file, line: action.triggerLine ?? action.line, why)
            }
            if let why = definition.gesture.unknownStrokes(action.strokes, name: action.gesture) {
                throw ConfigError(file: file, line: action.strokesLine ?? action.line, why)
            }
            guard action.definition == nil else { return action }
            var shared = action
            shared.definition = actions.first { $0.gesture == action.gesture && $0.definition != nil }?.definition
            return shared
        }, keyboard, overlay)
    }

    /// A `when:` that an earlier, different `when:` of the same gesture matches every window of
    /// never runs (the first match wins): a mistake.
    func checkGroups(_ actions: [ActionSpec]) throws {
        for (index, entry) in actions.enumerated() {
            guard let when = entry.when else { continue }
            let before = actions[..<index].filter { $0.gesture == entry.gesture }
            guard let wide = when.shadowed(by: before.compactMap(\.when)), let earlier = before.first(where: { $0.when == wide }) else { continue }
            throw ConfigError(file: file, line: entry.line, "this `\(entry.gesture)` entry can never run: line \(earlier.line ?? 0)'s `when:` (\(wide)) matches every window this one does, and the first match wins; put this one first, or make it narrower")
        }
    }

    /// `keyboard: { layout: fr, variant: azerty, model: pc105, options: "ctrl:nocaps" }`.
    func keyboard(_ node: YAMLNode) throws -> ActionsKeyboard {
        let keys = try config.mapping(node, "`keyboard:`", allowed: ["layout", "variant", "model", "options"])
        func text(_ key: String) throws -> String {
            guard let value = keys[key] else { return "" }
            guard let text = value.string else { throw error(value, "expected `\(key):` to be a name, e.g. `layout: fr`") }
            return text
        }
        let layout = try text("layout")
        guard !layout.isEmpty else { throw error(node, "expected `keyboard:` to name a `layout:` (an xkb layout: us, fr, de, …)") }
        return ActionsKeyboard(layout: layout, variant: try text("variant"), model: try text("model"), options: try text("options"), line: node.line)
    }

    /// `overlay: { show: [trails, names], colour: "#3daee9", failColour: "#da4453", pad: { corner:
    /// bottom-right, width: 160 }, fade: 0.6, output: eDP-1 }`: what `gesturectl overlay` draws.
    func overlay(_ node: YAMLNode) throws -> ActionsOverlay {
        let keys = try config.mapping(node, "`overlay:`", allowed: ["show", "colour", "failColour", "pad", "fade", "output"])
        var overlay = ActionsOverlay(line: node.line)
        if let show = keys["show"] {
            guard let items = show.sequence else {
                throw error(show, "expected `show:` to be a list of what to draw: \(ActionsOverlay.Part.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            overlay.show = Set(try items.map { try config.choice($0, "show", ActionsOverlay.Part.self) })
        }
        func colour(_ key: String) throws -> ActionsOverlay.Colour? {
            guard let value = keys[key] else { return nil }
            guard let text = value.string, let colour = ActionsOverlay.Colour(hex: text) else {
                throw error(value, "expected `\(key):` to be a colour as \"#rrggbb\" (quoted: YAML reads # as a comment), found \(value.string.map { $0.isEmpty ? "nothing" : "`\($0)`" } ?? "a collection")")
            }
            return colour
        }
        overlay.colour = try colour("colour") ?? overlay.colour
        overlay.failColour = try colour("failColour") ?? overlay.failColour
        if let pad = keys["pad"] {
            let padKeys = try config.mapping(pad, "`pad:`", allowed: ["corner", "width"])
            overlay.padCorner = try padKeys["corner"].map { try config.choice($0, "corner", ActionsOverlay.Corner.self) } ?? overlay.padCorner
            overlay.padWidth = try padKeys["width"].map { try config.number($0, "width", 40...2000) } ?? overlay.padWidth
        }
        overlay.fade = try keys["fade"].map { try config.number($0, "fade", 0...10) } ?? overlay.fade
        if let output = keys["output"] {
            guard let name = output.string, !name.isEmpty, output.mapping == nil, output.sequence == nil else {
                throw error(output, "expected `output:` to name an output, e.g. `output: eDP-1` (swaymsg -t get_outputs, xrandr)")
            }
            overlay.output = name
        }
        return overlay
    }

    /// The action, and the gesture its `define:` defines (nil when it has none).
    func action(_ node: YAMLNode) throws -> (ActionSpec, GestureSpec?) {
        let keys = try config.mapping(node, "an action", allowed: Self.actionKeys)
        guard let nameNode = keys["gesture"], let name = nameNode.string, !name.isEmpty else {
            throw error(node, "expected `gesture:`, the name of a configured gesture or of the one `define:` defines")
        }
        let defined = try keys["define"].map { try self.definition(name, $0) }
        let trigger = try keys["on"].map(self.trigger) ?? .ended
        let command = try self.command(keys, node, name, words: "run", line: "shell", input: try input(keys, keys: "keys"), window: try window(keys["window"]))
        let back = try self.command(keys, node, name, words: "back", line: "backShell", input: try input(keys, keys: "backKeys"), window: try window(keys["backWindow"]))
        if command == nil && back == nil {
            throw error(node, "action for `\(name)` needs `run:` (a program and its arguments), `shell:` (a command line), `keys:` (keys to type, e.g. super+Right) or `window:` (close, maximize, …)")
        }
        if back != nil {
            guard case .update = trigger else {
                throw error(keys["back"] ?? keys["backShell"] ?? keys["backKeys"] ?? keys["backButtons"] ?? keys["backWheel"] ?? keys["backHwheel"] ?? keys["backWindow"],
                            "`back:` runs on steps backward, so it needs `on: { update: { every: … } }`")
            }
        }
        if let node = keys["hold"] {
            guard case .began = trigger, command?.input?.keys.isEmpty == false || command?.input?.buttons.isEmpty == false else {
                throw error(node, "`hold:` goes with `on: began` and `keys:` or `buttons:`: whether they are held until the gesture ends (true, the default) or typed once (false)")
            }
        }
        if case .began = trigger, let input = command?.input, input.holds, input.keys.count + input.buttons.count > 1 || (input.wheel ?? input.hwheel) != nil {
            throw error(keys["keys"] ?? keys["buttons"], "with `on: began` the keys are held until the gesture ends or fails, so give one combination (e.g. `keys: alt`) or one button, and no wheel (or `hold: false` to type them once)")
        }
        var spec = ActionSpec(gesture: name, definition: defined?.json, trigger: trigger, command: command, back: back, line: node.line)
        spec.when = try keys["when"].map(condition)
        spec.triggerLine = keys["on"]?.line
        if let value = keys["timeout"] { spec.timeout = try config.number(value, "timeout", 0.01...86_400) }
        if let value = keys["overlap"] { spec.overlap = try config.choice(value, "overlap", ActionOverlap.self) }
        if let value = keys["consume"] { spec.consume = try config.bool(value, "consume") }
        if let value = keys["stroke"] {
            spec.strokes = try strokeNames(value)
            spec.strokesLine = value.line
            guard case .ended = trigger else {
                throw error(value, "`stroke:` picks the shape drawn, which is known when the stroke ends; use it with `on: ended` (the default)")
            }
        }
        return (spec, defined?.gesture)
    }

    /// `define: { magnify: {} , state: magnification }`: read by the daemon's own reading of a
    /// definition (``ConfigReader/definition(_:consumeAdvice:)``) from what will be sent — the
    /// YAML typed as its JSON will be (``YAMLNode/asSent``) — with this file's lines; sent as
    /// JSON with `name` added.
    func definition(_ name: String, _ node: YAMLNode) throws -> (json: JSONValue, gesture: GestureSpec) {
        guard let pairs = node.mapping else { throw error(node, "expected `define:` to be a gesture in the configuration's syntax, e.g. `{ magnify: {} }`") }
        if pairs.contains(where: { $0.key.string == "name" }) {
            throw error(node, "`define:` takes its name from `gesture:`; leave `name:` out")
        }
        let named = YAMLNode(.mapping([(YAMLNode(.scalar("name", plain: true), line: node.line), YAMLNode(.scalar(name, plain: false), line: node.line))] + pairs), line: node.line)
        let binding = try config.definition(named.asSent, consumeAdvice: Self.actionConsume)
        return (named.jsonValue, binding.gesture)
    }

    /// Where an actions file asks for what a definition's `consume:` would say.
    static let actionConsume = "put `consume: true` on the action, beside `define:` (docs/OWNERSHIP.md)"

    /// `stroke: circle-clockwise` or `stroke: [check, V]`.
    func strokeNames(_ node: YAMLNode) throws -> [String] {
        let items = node.sequence ?? [node]
        let names = items.compactMap { $0.mapping == nil && $0.sequence == nil ? $0.string : nil }
        guard names.count == items.count, !names.isEmpty, !names.contains("") else {
            throw error(node, "expected `stroke:` to name the shape (or a list of shapes) its stroke gesture must draw, like `stroke: circle-clockwise`")
        }
        return names
    }

    func trigger(_ node: YAMLNode) throws -> ActionTrigger {
        if let word = node.string {
            switch word {
            case "began": return .began
            case "ended": return .ended
            case "failed": return .failed
            default: throw error(node, "expected `on:` began, ended, failed, `{ update: { every: … } }` or `{ held: SECONDS }`, found `\(word)`")
            }
        }
        let keys = try config.mapping(node, "`on:`", allowed: ["update", "held"])
        switch (keys["update"], keys["held"]) {
        case (let update?, nil):
            let fields = try config.mapping(update, "`update:`", allowed: ["every"])
            guard let every = fields["every"] else { throw error(update, "expected `update: { every: { distance: MM } }`, or `scale:` or `angle:`") }
            return .update(try step(every))
        case (nil, let held?):
            return .held(interval: try config.number(held, "held", 0.05...3_600))
        default:
            throw error(node, "expected `on:` to have one of `update:` and `held:`")
        }
    }

    func step(_ node: YAMLNode) throws -> ActionStep {
        let keys = try config.mapping(node, "`every:`", allowed: ["distance", "scale", "angle", "axis"])
        let measures = ["distance", "scale", "angle"].filter { keys[$0] != nil }
        guard measures.count == 1 else { throw error(node, "expected `every:` to have one of distance (mm), scale or angle (degrees)") }
        if keys["axis"] != nil && measures[0] != "distance" { throw error(keys["axis"], "`axis:` goes with `distance:` only") }
        switch measures[0] {
        case "distance":
            let axis = try keys["axis"].map { try config.choice($0, "axis", ActionStep.Axis.self) }
            return ActionStep(.distance(axis: axis), size: try config.number(keys["distance"]!, "distance", 0.1...10_000))
        case "scale":
            return ActionStep(.scale, size: try config.number(keys["scale"]!, "scale", 0.001...100))
        default:
            return ActionStep(.angle, size: try config.number(keys["angle"]!, "angle", 0.1...3_600))
        }
    }

    /// The command under `words:` (a list), `line:` (a command line) or what `input` types, at
    /// most one of them.
    func command(
        _ keys: [String: YAMLNode], _ node: YAMLNode, _ name: String, words: String, line lineKey: String, input: ActionInput?, window: WindowAction?
    ) throws -> ActionCommand? {
        let given = [words, lineKey].filter { keys[$0] != nil } + (input == nil ? [] : [words == "run" ? "keys" : "backKeys"])
            + (window == nil ? [] : [words == "run" ? "window" : "backWindow"])
        guard given.count <= 1 else {
            throw error(node, "action for `\(name)` has both `\(given[0]):` and `\(given[1]):`; give one")
        }
        if let list = keys[words] { return try arguments(list, words) }
        if let text = keys[lineKey] { return try line(text, lineKey) }
        if let window { return .window(window) }
        return input.map(ActionCommand.input)
    }

    /// What an action types: `keys:` (a combination or a list of them), `buttons:`, `wheel:`,
    /// `hwheel:`; for `keysKey` `backKeys`, what a step backward types: `backKeys:`,
    /// `backButtons:`, `backWheel:`, `backHwheel:`. Nil when it types nothing.
    func input(_ keys: [String: YAMLNode], keys keysKey: String) throws -> ActionInput? {
        let back = keysKey == "backKeys"
        let (buttons, wheel, hwheel) = back ? ("backButtons", "backWheel", "backHwheel") : ("buttons", "wheel", "hwheel")
        var input = ActionInput()
        if let node = keys[keysKey] { input.keys = try chords(node, keysKey) }
        if let node = keys[buttons] { input.buttons = try words(node, buttons, example: "right") }
        if let node = keys[wheel] { input.wheel = Int32(try config.int(node, wheel, -20...20)) }
        if let node = keys[hwheel] { input.hwheel = Int32(try config.int(node, hwheel, -20...20)) }
        if input.wheel == 0 || input.hwheel == 0 { throw error(keys[wheel] ?? keys[hwheel], "a wheel turns by 1 to 20 detents either way, not 0") }
        if !back, let node = keys["hold"] { input.hold = try config.bool(node, "hold") }
        return input.keys.isEmpty && input.buttons.isEmpty && input.wheel == nil && input.hwheel == nil ? nil : input
    }

    /// `window: close`, `window: workspace next`.
    func window(_ node: YAMLNode?) throws -> WindowAction? {
        guard let node else { return nil }
        guard let text = node.string, let action = WindowAction(text) else {
            throw error(node, "expected `window:` to be close, maximize, minimize, fullscreen, show-desktop, workspace next, workspace previous, workspace N, move-to-workspace next, move-to-workspace previous or move-to-workspace N (N from 1 to 99)")
        }
        return action
    }

    /// `when: { app: firefox, title: "*YouTube*" }`, each a pattern or a list of them.
    func condition(_ node: YAMLNode) throws -> ActionCondition {
        let keys = try config.mapping(node, "`when:`", allowed: ["app", "title"])
        guard keys["app"] != nil || keys["title"] != nil else {
            throw error(node, "expected `when:` to name an `app:` (the Wayland app_id or X11 class, globs allowed: firefox, org.gnome.*) and/or a `title:`")
        }
        return ActionCondition(
            apps: try keys["app"].map { try words($0, "app", example: "firefox") } ?? [],
            titles: try keys["title"].map { try words($0, "title", example: "*YouTube*") } ?? [])
    }

    /// `super+Right` or `[ctrl+c, ctrl+v]`: each combination's names checked for emptiness here,
    /// against the layout by gesturectl.
    func chords(_ node: YAMLNode, _ key: String) throws -> [String] {
        let chords = try words(node, key, example: "super+Right")
        for chord in chords {
            let names = chord.split(separator: "+", omittingEmptySubsequences: false)
            if names.contains(where: { $0.allSatisfy { $0 == " " } }) && !chord.hasSuffix("++") {
                throw error(node, "`\(key): \(chord)` has an empty key name; write keys joined by +, e.g. ctrl+alt+Left (a plus key is `plus`)")
            }
        }
        return chords
    }

    /// One word or a list of words.
    func words(_ node: YAMLNode, _ key: String, example: String) throws -> [String] {
        if let word = node.string, !word.isEmpty { return [word] }
        guard let items = node.sequence, !items.isEmpty else {
            throw error(node, "expected `\(key):` to be one name (e.g. \(example)) or a list of them")
        }
        return try items.map { item in
            guard let word = item.string, !word.isEmpty else { throw error(item, "expected each of `\(key):` to be a name, e.g. \(example)") }
            return word
        }
    }

    func arguments(_ node: YAMLNode, _ key: String) throws -> ActionCommand {
        guard let items = node.sequence, !items.isEmpty else {
            throw error(node, "expected `\(key):` to be a list: the program, then its arguments, e.g. [swaymsg, workspace, next] (or use `shell:` for a command line)")
        }
        return .argv(try items.map { item in
            guard let text = item.string else { throw error(item, "expected each part of `\(key):` to be a word, found a collection") }
            return text
        })
    }

    func line(_ node: YAMLNode, _ key: String) throws -> ActionCommand {
        guard let text = node.string, !text.isEmpty else { throw error(node, "expected `\(key):` to be a command line") }
        return .shell(text)
    }
}
