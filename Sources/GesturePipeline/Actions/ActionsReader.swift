import Evdev
import GestureWire

/// Reads the YAML of an actions file into ``ActionSpec``s, with ``ConfigReader``'s rules:
/// unknown keys and bad values are errors that name the line.
struct ActionsReader {
    let file: String
    var config: ConfigReader { ConfigReader(file: file) }

    static let actionKeys = ["gesture", "define", "on", "run", "shell", "back", "backShell", "timeout", "overlap"]

    func error(_ node: YAMLNode?, _ message: String) -> ConfigError {
        ConfigError(file: file, line: node?.line, message)
    }

    func read(_ text: String) throws -> [ActionSpec] {
        let root = try config.document(text, what: "the actions file", expected: "`version: 1` and `actions:`")
        let top = try config.mapping(root, "the actions file (`version: 1` and `actions:`)", allowed: ["version", "actions"])
        guard let version = top["version"], version.int == 1 else { throw error(top["version"] ?? root, "expected `version: 1`") }
        guard let list = top["actions"] else { throw error(root, "expected an `actions:` list") }
        guard let entries = list.sequence else { throw error(list, "expected `actions:` to be a list of actions") }
        var defined: [String: (line: Int, gesture: GestureSpec)] = [:]
        var actions: [ActionSpec] = []
        for entry in entries {
            let (action, gesture) = try self.action(entry)
            if let gesture {
                if let first = defined[action.gesture] {
                    throw error(entry, "gesture `\(action.gesture)` is defined twice (first on line \(first.line)); define it once and use it in both actions")
                }
                defined[action.gesture] = (entry.line, gesture)
            }
            actions.append(action)
        }
        // An action that uses a gesture defined by another one needs no definition of its own.
        return try actions.map { action in
            guard let definition = defined[action.gesture] else { return action }
            // A trigger the gesture can never reach is a mistake, said with what to use instead.
            if let why = definition.gesture.unreachable(action.trigger, name: action.gesture) {
                throw ConfigError(file: file, line: action.triggerLine ?? action.line, why)
            }
            guard action.definition == nil else { return action }
            var shared = action
            shared.definition = actions.first { $0.gesture == action.gesture && $0.definition != nil }?.definition
            return shared
        }
    }

    /// The action, and the gesture its `define:` defines (nil when it has none).
    func action(_ node: YAMLNode) throws -> (ActionSpec, GestureSpec?) {
        let keys = try config.mapping(node, "an action", allowed: Self.actionKeys)
        guard let nameNode = keys["gesture"], let name = nameNode.string, !name.isEmpty else {
            throw error(node, "expected `gesture:`, the name of a configured gesture or of the one `define:` defines")
        }
        let defined = try keys["define"].map { try self.definition(name, $0) }
        let trigger = try keys["on"].map(self.trigger) ?? .ended
        let command = try self.command(keys, node, name, words: "run", line: "shell")
        let back = try self.command(keys, node, name, words: "back", line: "backShell")
        if command == nil && back == nil {
            throw error(node, "action for `\(name)` needs `run:` (a program and its arguments) or `shell:` (a command line)")
        }
        if back != nil {
            guard case .update = trigger else {
                throw error(keys["back"] ?? keys["backShell"], "`back:` runs on steps backward, so it needs `on: { update: { every: … } }`")
            }
        }
        var spec = ActionSpec(gesture: name, definition: defined?.json, trigger: trigger, command: command, back: back, line: node.line)
        spec.triggerLine = keys["on"]?.line
        if let value = keys["timeout"] { spec.timeout = try config.number(value, "timeout", 0.01...86_400) }
        if let value = keys["overlap"] { spec.overlap = try config.choice(value, "overlap", ActionOverlap.self) }
        return (spec, defined?.gesture)
    }

    /// `define: { magnify: {} , state: magnification }`: checked as the daemon will check it,
    /// with this file's lines; sent as JSON with `name` added.
    func definition(_ name: String, _ node: YAMLNode) throws -> (json: JSONValue, gesture: GestureSpec) {
        guard let pairs = node.mapping else { throw error(node, "expected `define:` to be a gesture in the configuration's syntax, e.g. `{ magnify: {} }`") }
        if pairs.contains(where: { $0.key.string == "name" }) {
            throw error(node, "`define:` takes its name from `gesture:`; leave `name:` out")
        }
        let named = YAMLNode(.mapping([(YAMLNode(.scalar("name", plain: true), line: node.line), YAMLNode(.scalar(name, plain: false), line: node.line))] + pairs), line: node.line)
        let binding = try config.binding(named)
        return (named.jsonValue, binding.gesture)
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

    /// The command under `words:` (a list) or `line:` (a command line), at most one of them.
    func command(_ keys: [String: YAMLNode], _ node: YAMLNode, _ name: String, words: String, line lineKey: String) throws -> ActionCommand? {
        switch (keys[words], keys[lineKey]) {
        case (let list?, nil): return try arguments(list, words)
        case (nil, let text?): return try line(text, lineKey)
        case (nil, nil): return nil
        case (_?, _?): throw error(node, "action for `\(name)` has both `\(words):` and `\(lineKey):`; give one")
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
