import Evdev
import GestureCore
import GestureWire
import YAML

/// Reads the YAML of a gesture configuration into ``BindingSpec``s, rejecting unknown keys and
/// out-of-range values with the key and the line.
package struct ConfigReader {
    let file: String
    /// Where a message says the entry on a line stands (a file's `on line 3`; a request's
    /// `by define[2]`, whose entries stand on "lines" 1, 2, … of no text).
    var entry: @Sendable (Int) -> String = { "on line \($0)" }
    /// Recorded shapes a `stroke:` may name besides the built-in ones (the file's `strokes:`, a
    /// subscription's `strokes`).
    package var strokes: [StrokeTemplate] = []

    static let gestureKinds = [
        "tap", "spatialTap", "longPress", "drag", "magnify", "rotate", "swipe", "edgeSwipe", "hold", "stroke",
        "simultaneously", "sequenced", "exclusively",
    ]
    static let bindingKeys = ["name", "priority", "region", "enabled", "state", "devices", "consume"]

    /// The most characters a gesture's name may have.
    package static let maximumNameLength = 100

    /// What is wrong with a gesture's name, or nil: 1 to ``maximumNameLength`` characters, none
    /// of them a control character (a newline, a tab, NUL) — a name is printed on one line in
    /// logs, `gesturectl` and every event.
    package static func nameProblem(_ name: String) -> String? {
        if name.count > maximumNameLength { return "is \(name.count) characters long; at most \(maximumNameLength) are allowed" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "has a control character (a newline, a tab, NUL…); a name is printed on one line"
        }
        return nil
    }

    /// A name as an error shows it: quoted, its control characters escaped.
    package static func quoted(_ name: String) -> String {
        let shown = name.count > 40 ? String(name.prefix(40)) + "…" : name
        return "`" + shown.unicodeScalars.map { $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0) }.joined() + "`"
    }

    /// A reader of `file` (the name its errors give).
    package init(file: String) {
        self.file = file
    }

    package func error(_ node: YAMLNode?, _ message: String) -> ConfigError {
        ConfigError(file: file, line: node?.line, message)
    }

    /// The YAML document of a file of ours (the configuration, an actions file), at most
    /// ``ConfigLimits/maximumBytes``; `what` names it and `expected` its top-level keys in errors.
    package func document(_ text: String, what: String, expected: String) throws -> YAMLNode {
        guard text.utf8.count <= ConfigLimits.maximumBytes else {
            throw ConfigError(file: file, line: nil, "\(what) is \(text.utf8.count) bytes; at most \(ConfigLimits.maximumBytes) (1 MiB) are allowed")
        }
        do {
            guard let node = try YAMLSource.compose(text) else { throw ConfigError(file: file, line: nil, "expected \(expected), found an empty file") }
            return node
        } catch let failure as YAMLSource.Failure {
            throw ConfigError(file: file, line: failure.line, failure.problem)
        }
    }

    func read(_ text: String) throws -> (bindings: [BindingSpec], access: AccessList, devices: [DeviceSetting], decisionWindow: Seconds?) {
        let root = try document(text, what: "the configuration", expected: "`version: 1` and `gestures:`")
        let top = try mapping(
            root, "the configuration (`version: 1` and `gestures:`)", allowed: ["version", "gestures", "access", "devices", "decisionWindow", "strokes"])
        guard let version = top["version"] else { throw error(root, "expected `version: 1`") }
        guard version.int == 1 else { throw error(version, "expected `version: 1`, found `\(version.string ?? "?")`") }
        guard let list = top["gestures"] else { throw error(root, "expected a `gestures:` list") }
        guard let entries = list.sequence else { throw error(list, "expected `gestures:` to be a list of gestures") }
        guard entries.count <= ConfigLimits.maximumGestures else {
            throw error(list, "the configuration has \(entries.count) gestures; at most \(ConfigLimits.maximumGestures) are allowed")
        }
        var reader = self
        if let strokes = top["strokes"] { reader.strokes = try strokeTemplates(strokes) }
        return (
            try reader.bindings(entries), try top["access"].map(access) ?? AccessList(), try top["devices"].map(deviceSettings) ?? [],
            try top["decisionWindow"].map { try number($0, "decisionWindow", 0.02...1) }
        )
    }

    /// A list of gestures: each entry a binding (with `definitions`, a definition:
    /// ``definition(_:consumeAdvice:)``), every name once.
    func bindings(_ entries: [YAMLNode], definitions consumeAdvice: String? = nil) throws -> [BindingSpec] {
        var names: [String: Int] = [:]
        var specs: [BindingSpec] = []
        for entry in entries {
            let spec = try consumeAdvice.map { try definition(entry, consumeAdvice: $0) } ?? binding(entry)
            if let first = names[spec.name] {
                throw error(entry, "duplicate gesture name `\(spec.name)` (first used \(self.entry(first)))")
            }
            names[spec.name] = spec.line ?? 0
            specs.append(spec)
        }
        return specs
    }

    /// `devices: [ { match: touchscreen, rotation: 90 }, { match: ELAN, rotation: follow, output: DSI-1 }, … ]`.
    func deviceSettings(_ node: YAMLNode) throws -> [DeviceSetting] {
        guard let entries = node.sequence else { throw error(node, "expected `devices:` as a list of `{ match: …, rotation: … }`") }
        return try entries.map { entry in
            let keys = try mapping(entry, "a `devices:` entry", allowed: ["match", "rotation", "output"])
            var setting = DeviceSetting(match: try keys["match"].map(deviceMatches) ?? [], rotation: .none, line: entry.line)
            if let value = keys["rotation"] {
                if value.string == "follow" {
                    setting.follows = FollowedScreen()
                } else {
                    guard let degrees = value.int, let rotation = SurfaceRotation(rawValue: degrees) else {
                        throw error(value, "expected `rotation:` 0, 90, 180 or 270 (degrees clockwise), or `follow` (turn with the screen), found `\(value.string ?? "a collection")`")
                    }
                    setting.rotation = rotation
                }
            }
            if let value = keys["output"] {
                guard setting.follows != nil else {
                    throw error(value, "`output:` names the screen a touchscreen follows; it goes with `rotation: follow`")
                }
                guard let name = value.string, !name.isEmpty, name.count <= 100, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                    throw error(value, "expected `output:` as an output's name, as the compositor gives it (`DSI-1`, `eDP-1`)")
                }
                setting.follows = FollowedScreen(output: name)
            }
            return setting
        }
    }

    /// A devices filter: `touchscreen`, `touchpad`, a name fragment, or a list of them.
    func deviceMatches(_ value: YAMLNode) throws -> [DeviceMatch] {
        if let list = value.sequence {
            return try list.map { item in
                guard let text = item.string, item.mapping == nil, item.sequence == nil else { throw error(item, "expected a device kind or name") }
                return DeviceMatch(text)
            }
        }
        guard let text = value.string else {
            throw error(value, "expected `touchscreen`, `touchpad`, a name, or a list of them")
        }
        return [DeviceMatch(text)]
    }

    /// `access: { policy: active-session | any-member, users: [alice, 1000], groups: [gestured-clients] }`.
    func access(_ node: YAMLNode) throws -> AccessList {
        let keys = try mapping(node, "`access:`", allowed: ["policy", "users", "groups"])
        var policy = AccessPolicy.activeSession
        if let value = keys["policy"] {
            guard let name = value.string, let chosen = AccessPolicy(rawValue: name) else {
                throw error(value, "expected `policy:` \(AccessPolicy.allCases.map(\.rawValue).joined(separator: " or "))")
            }
            policy = chosen
        }
        var origin = AccessList.Origin(file: file)
        func entries(_ key: String) throws -> [String] {
            guard let value = keys[key] else { return [] }
            guard let list = value.sequence else { throw error(value, "expected `\(key):` as a list of names or numeric ids") }
            return try list.map { item in
                guard let text = item.string, item.mapping == nil, item.sequence == nil, !text.isEmpty else {
                    throw error(item, "expected a name or a numeric id in `\(key):`")
                }
                origin.lines["\(key) \(text)"] = item.line
                return text
            }
        }
        var list = AccessList(policy: policy, users: try entries("users"), groups: try entries("groups"))
        list.origin = origin
        return list
    }

    /// A mapping whose keys are all in `allowed`, each once.
    package func mapping(_ node: YAMLNode, _ what: String, allowed: [String]) throws -> [String: YAMLNode] {
        guard let pairs = node.mapping else { throw error(node, "expected \(what) as a mapping") }
        var result: [String: YAMLNode] = [:]
        var keyLines: [String: Int] = [:]
        for (key, value) in pairs {
            guard let name = key.string else { throw error(key, "expected a key name in \(what)") }
            guard allowed.contains(name) else {
                throw error(key, "unknown key `\(name)` in \(what); expected one of: \(allowed.joined(separator: ", "))")
            }
            // YAML allows a key once in a mapping; libyaml does not check, and taking the last
            // would silently drop what the first said.
            if let first = keyLines[name] {
                throw error(key, "`\(name)` is given twice in \(what) (first \(entry(first))); a key may appear once")
            }
            keyLines[name] = key.line
            result[name] = value
        }
        return result
    }

    /// The one reading of a gesture someone defines outside the configuration — a client's
    /// `define` entry, an actions file's `define:` (its name added) — which the daemon,
    /// `gesturectl actions --check`, the runner and the view all call: a configuration entry
    /// without `consume:`, since a definition is consumed by its subscription (or its action),
    /// which follows the user in front. `consumeAdvice` says where to ask for it instead.
    package func definition(_ node: YAMLNode, consumeAdvice: String) throws -> BindingSpec {
        if let consume = node.mapping?.first(where: { $0.key.string == "consume" }) {
            throw error(consume.key, "`consume` is not a key of a definition; \(consumeAdvice)")
        }
        return try binding(node, allowed: Self.bindingKeys.filter { $0 != "consume" })
    }

    /// A configuration's gesture entry; a definition's allows every key but `consume`, and its
    /// unknown-key error lists only what it allows.
    func binding(_ node: YAMLNode, allowed: [String] = Self.bindingKeys) throws -> BindingSpec {
        let keys = try mapping(node, "a gesture entry", allowed: allowed + Self.gestureKinds)
        guard let nameNode = keys["name"], let name = nameNode.string, !name.isEmpty, nameNode.mapping == nil, nameNode.sequence == nil
        else { throw error(node, "expected a `name:` for this gesture") }
        if let problem = Self.nameProblem(name) { throw error(nameNode, "gesture name \(Self.quoted(name)) \(problem)") }
        let kinds = Self.gestureKinds.filter { keys[$0] != nil }
        guard kinds.count == 1 else {
            throw error(node, kinds.isEmpty
                ? "gesture `\(name)` needs one of: \(Self.gestureKinds.joined(separator: ", "))"
                : "gesture `\(name)` has \(kinds.count) gesture kinds (\(kinds.joined(separator: ", "))); use a combinator to combine them")
        }
        let gesture = try self.gesture(kinds[0], keys[kinds[0]]!)
        guard gesture.depth <= ConfigLimits.maximumDepth else {
            throw error(node, "gesture `\(name)` nests combinators \(gesture.depth) levels deep; at most \(ConfigLimits.maximumDepth) are allowed")
        }
        guard gesture.recognizerCount <= ConfigLimits.maximumRecognizers else {
            throw error(node, "gesture `\(name)` combines \(gesture.recognizerCount) gestures; at most \(ConfigLimits.maximumRecognizers) are allowed")
        }
        var spec = BindingSpec(name: name, gesture: gesture, line: node.line)
        if let value = keys["priority"] { spec.priority = try choice(value, "priority", GesturePriority.self) }
        if let value = keys["enabled"] { spec.enabled = try bool(value, "enabled") }
        if let value = keys["consume"] { spec.consume = try bool(value, "consume") }
        if let value = keys["region"] { spec.region = try region(value) }
        if let value = keys["state"] {
            let field = try choice(value, "state", StateField.self)
            guard gesture.stateFields.contains(field) else {
                let offered = gesture.stateFields.map(\.rawValue).sorted().joined(separator: ", ")
                if gesture.valueFields.contains(field) {
                    // A discrete part's field: in its value, but never seen live (issue 61).
                    throw error(value, "`state: \(field.rawValue)` would never be seen on gesture `\(name)`: "
                        + "a \(field == .pressed ? "longPress" : "tap") ends the moment it is recognized, and its state resets in that same event; "
                        + "it is seen while what follows it runs (`sequenced: [\(field == .pressed ? "longPress" : "tap"), drag]`)"
                        + (field == .pressed ? ", and `hold` with `state: duration` shows fingers being held" : "")
                        + (offered.isEmpty ? "" : "; it offers: \(offered)"))
                }
                throw error(value, "`state: \(field.rawValue)` is not a value of gesture `\(name)`; it offers: \(offered.isEmpty ? "nothing" : offered)")
            }
            spec.state = field
        }
        if let value = keys["devices"] { spec.devices = try deviceMatches(value) }
        return spec
    }

    func gesture(_ kind: String, _ node: YAMLNode) throws -> GestureSpec {
        switch kind {
        case "simultaneously", "sequenced", "exclusively":
            guard let items = node.sequence, items.count >= 2 else {
                throw error(node, "expected `\(kind):` to list at least two gestures, like `[ { magnify: {} }, { rotate: {} } ]`")
            }
            let parts = try items.map { item -> GestureSpec in
                let keys = try mapping(item, "a part of `\(kind)`", allowed: Self.gestureKinds)
                guard keys.count == 1, let (part, value) = keys.first else {
                    throw error(item, "expected each part of `\(kind)` to be one gesture, like `{ tap: { count: 2 } }`")
                }
                return try gesture(part, value)
            }
            switch kind {
            case "simultaneously": return .simultaneously(parts)
            case "sequenced": return .sequenced(parts)
            default: return .exclusively(parts)
            }
        default:
            return try leaf(kind, node)
        }
    }

    func leaf(_ kind: String, _ node: YAMLNode) throws -> GestureSpec {
        let allowed: [String] = switch kind {
        case "tap", "spatialTap": ["count", "fingers"]
        case "longPress": ["minimumDuration", "maximumDistance", "fingers"]
        case "drag": ["minimumDistance", "fingers", "extraTouches"]
        case "magnify": ["minimumScaleDelta", "fingers", "extraTouches", "direction"]
        case "rotate": ["minimumAngleDelta", "fingers", "extraTouches"]
        case "swipe": ["direction", "fingers", "minimumDistance", "minimumVelocity"]
        case "edgeSwipe": ["edge", "fingers", "minimumDistance"]
        case "stroke": ["fingers", "shapes", "minimumScore", "minimumLength", "rotation"]
        default: ["fingers"]  // hold
        }
        let p = try mapping(node, "`\(kind)`", allowed: allowed)
        let fingers = try p["fingers"].map { try int($0, "fingers", 1...10) } ?? 1
        let extra = try p["extraTouches"].map { try choice($0, "extraTouches", ExtraTouchPolicy.self) } ?? .fail
        func number(_ key: String, _ range: ClosedRange<Double>) throws -> Double? {
            try p[key].map { try self.number($0, key, range) }
        }
        switch kind {
        case "tap", "spatialTap":
            let count = try p["count"].map { try int($0, "count", 1...5) } ?? 1
            return kind == "tap" ? .tap(count: count, fingers: fingers) : .spatialTap(count: count, fingers: fingers)
        case "longPress":
            return .longPress(
                minimumDuration: try number("minimumDuration", 0.01...60), maximumDistance: try number("maximumDistance", 0...1000),
                fingers: fingers)
        case "drag":
            return .drag(minimumDistance: try number("minimumDistance", 0...1000), fingers: fingers, extraTouches: extra)
        case "magnify":
            let fingers = try p["fingers"].map { try int($0, "fingers", 2...10) } ?? 2
            return .magnify(
                minimumScaleDelta: try number("minimumScaleDelta", 0...10), fingers: fingers, extraTouches: extra,
                direction: try p["direction"].map { try choice($0, "direction", PinchDirection.self) })
        case "rotate":
            let fingers = try p["fingers"].map { try int($0, "fingers", 2...10) } ?? 2
            return .rotate(minimumAngleDelta: try number("minimumAngleDelta", 0...360), fingers: fingers, extraTouches: extra)
        case "swipe":
            guard let direction = p["direction"] else {
                throw error(node, "expected `direction:` (\(SwipeDirection.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return .swipe(
                direction: try choice(direction, "direction", SwipeDirection.self), fingers: fingers,
                minimumDistance: try number("minimumDistance", 0...1000), minimumVelocity: try number("minimumVelocity", 0...100_000))
        case "edgeSwipe":
            guard let edge = p["edge"] else { throw error(node, "expected `edge:` (left, right, top, bottom)") }
            return .edgeSwipe(edge: try choice(edge, "edge", Edge.self), fingers: fingers, minimumDistance: try number("minimumDistance", 0...1000))
        case "hold":
            return .hold(fingers: fingers)
        case "stroke":
            return .stroke(
                fingers: fingers, templates: try shapes(p["shapes"]), minimumScore: try number("minimumScore", 0...1),
                minimumLength: try number("minimumLength", 0...10_000), rotation: try number("rotation", 0...180))
        default:
            // `kind` is one of gestureKinds; a kind added there and not here is said, not guessed.
            throw error(node, "`\(kind)` is not a gesture kind this version reads")
        }
    }

    func region(_ node: YAMLNode) throws -> RegionSpec {
        let keys = try mapping(node, "`region:`", allowed: ["x", "y", "width", "height", "unit", "edge"])
        if let edge = keys["edge"] {
            guard keys["x"] == nil, keys["y"] == nil, keys["height"] == nil, keys["unit"] == nil else {
                throw error(node, "expected an edge region as `{ edge: left, width: 5 }` without x, y, height or unit")
            }
            return .edge(try choice(edge, "edge", Edge.self), width: try keys["width"].map { try number($0, "width", 0...1000) })
        }
        let normalized: Bool
        switch keys["unit"]?.string {
        case nil, "mm": normalized = false
        case "normalized": normalized = true
        default: throw error(keys["unit"], "expected `unit:` to be `mm` (the default) or `normalized`")
        }
        let limit = normalized ? 1.0 : 100_000
        func value(_ key: String) throws -> Double {
            guard let node = keys[key] else { throw error(node, "expected `\(key):` in the region (or `edge:` for an edge strip)") }
            return try number(node, key, normalized ? 0...1 : -limit...limit)
        }
        let rect = Rect(x: try value("x"), y: try value("y"), width: try value("width"), height: try value("height"))
        guard rect.size.width > 0, rect.size.height > 0 else { throw error(node, "expected a region with positive width and height") }
        return normalized ? .normalized(rect) : .millimetres(rect)
    }

    package func int(_ node: YAMLNode, _ key: String, _ range: ClosedRange<Int>) throws -> Int {
        guard let value = node.int, node.mapping == nil, node.sequence == nil else {
            throw error(node, "expected `\(key)` to be a whole number, found \(found(node, as: \.int))")
        }
        guard range.contains(value) else { throw error(node, "expected `\(key)` between \(range.lowerBound) and \(range.upperBound), found \(value)") }
        return value
    }

    package func number(_ node: YAMLNode, _ key: String, _ range: ClosedRange<Double>) throws -> Double {
        guard let value = node.float, node.mapping == nil, node.sequence == nil else {
            throw error(node, "expected `\(key)` to be a number, found \(found(node, as: \.float))")
        }
        guard range.contains(value) else { throw error(node, "expected `\(key)` between \(range.lowerBound) and \(range.upperBound), found \(value)") }
        return value
    }

    package func bool(_ node: YAMLNode, _ key: String) throws -> Bool {
        guard let value = node.bool else { throw error(node, "expected `\(key)` to be true or false, found \(found(node, as: \.bool))") }
        return value
    }

    /// What a value that is not of its kind is, said so that a quoted one is seen: `"true"` is
    /// a string (quotes in YAML, a JSON string), which `true` unquoted would not be.
    func found<T>(_ node: YAMLNode, as kind: (YAMLNode) -> T?) -> String {
        guard case .scalar(let text, plain: false) = node.content else { return "`\(node.string ?? "a collection")`" }
        guard kind(YAMLNode(.scalar(text, plain: true), line: node.line)) != nil else { return "`\(text)`" }
        return "the string \"\(text)\"; write it without quotes"
    }

    package func choice<T: RawRepresentable & CaseIterable>(_ node: YAMLNode, _ key: String, _ type: T.Type) throws -> T where T.RawValue == String {
        guard let text = node.string, let value = T(rawValue: text) else {
            let options = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw error(node, "expected `\(key)` to be one of: \(options); found `\(node.string ?? "a collection")`")
        }
        return value
    }
}
