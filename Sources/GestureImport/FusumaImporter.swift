import Evdev
import GestureActions
import GestureCore
import GesturePipeline
import GestureWire
import YAML

/// Reads a fusuma configuration (`~/.config/fusuma/config.yml`) into actions. Every command
/// becomes actions on a gesture defined in the actions file itself; everything without an
/// equivalent is kept with the reason.
///
/// What fusuma does, from its documentation and source: `swipe` (3, 4 fingers; left, right,
/// up, down), `pinch` (2–4; in, out), `rotate` (2–4; clockwise, counterclockwise) and `hold`
/// (1–4). A `command:` under a direction (or under a hold's finger count) runs once the gesture
/// is fast or far enough, `threshold:` times its own base; `begin:`, `update:` and `end:` (a
/// hold: `cancelled:`) run as the gesture starts, moves and stops, with or without a
/// direction. `threshold:` and `interval:` at the top apply per kind. Commands run through the
/// shell. Further YAML documents with a `context:` are for plugins (a focused application…).
public enum FusumaImporter {
    /// A swipe's distance at threshold 1, in mm (gestured's own default).
    public static let swipeDistance = 15.0
    /// A pinch runs once per this much change of scale at threshold 1 (a pinch without a
    /// direction; one with a direction runs as fusuma's one-shot does, below).
    public static let pinchStep = 0.25
    /// fusuma's pinch one-shot: it runs once the zoom is this ratio at threshold 1 (its
    /// BASE_THRESHOLD), and again each `interval` × this many seconds while the pinch goes on
    /// (BASE_ONESHOT_INTERVAL).
    public static let pinchRatio = 1.3, oneshotInterval = 0.3
    /// A rotation runs once per this many degrees at threshold 1.
    public static let rotateStep = 30.0
    /// A hold's `command:` runs after this many seconds at threshold 1 (fusuma's base).
    public static let holdDuration = 0.7
    /// `update:` runs once per this much movement: mm, scale, degrees (fusuma ran it every
    /// 0.1 s × interval while the fingers moved).
    public static let updateDistance = 5.0, updateScale = 0.1, updateAngle = 10.0

    /// The fingers fusuma recognizes per kind.
    static let fingers: [String: ClosedRange<Int>] = ["swipe": 3...4, "pinch": 2...4, "rotate": 2...4, "hold": 1...4]
    /// The directions per kind.
    static let directions: [String: [String]] = [
        "swipe": ["left", "right", "up", "down"], "pinch": ["in", "out"], "rotate": ["clockwise", "counterclockwise"], "hold": [],
    ]
    /// fusuma-plugin-wmctrl's `workspace:` (`next`, `prev`; `left`… on a grid of workspaces) and
    /// `window:` (`close`, `maximized`, `fullscreen`, each also as `{ NAME: toggle }`; `next`,
    /// `prev`… move the window to another workspace) as gestured's `window:`, or why not.
    static func wmctrl(_ key: String, _ value: YAMLNode) -> Result<WindowAction, ImportError> {
        var word = value.string
        if let pairs = value.mapping, pairs.count == 1, let name = pairs[0].key.string, pairs[0].value.string == "toggle" { word = name }
        switch (key, word) {
        case ("workspace", "next"): return .success(.workspace(.next))
        case ("workspace", "prev"): return .success(.workspace(.previous))
        case ("workspace", _):
            return .failure(ImportError("`workspace: \(flat(value))` moves on a grid of workspaces; gestured's `window:` goes to the next or previous one, or to workspace N"))
        case ("window", "close"): return .success(.close)
        case ("window", "maximized"): return .success(.maximize)
        case ("window", "fullscreen"): return .success(.fullscreen)
        default:
            return .failure(ImportError("`window: \(flat(value))` (fusuma-plugin-wmctrl) moves the window to another workspace or adds a state, which gestured's `window:` does not do; use your desktop's command"))
        }
    }

    /// Properties of fusuma's plugins, which run no command gestured could run.
    static let plugins: [String: String] = [
        "keypress": "`keypress:` (fusuma-plugin-keypress) needs keys held with the gesture; gestured does not read the keyboard",
        "workspace": "`workspace:` (fusuma-plugin-wmctrl) goes with a swipe's or pinch's direction, as `workspace: next` under `left:`",
        "window": "`window:` (fusuma-plugin-wmctrl) goes with a swipe's or pinch's direction, as `window: close` under `down:`",
        "shortcut": "`shortcut:` was removed in fusuma 1.0; write the command, e.g. xdotool key …",
    ]

    /// Every command and setting, in file order; a YAML mistake names its line.
    public static func read(_ text: String) throws(YAMLSource.Failure) -> [ImportedItem] {
        var items: [ImportedItem] = []
        for document in Self.documents(text) {
            guard let root = try YAMLSource.compose(document), let pairs = root.mapping else { continue }
            // fusuma-plugin-appmatcher's `context: { application: NAME }` (or a list): this
            // document's gestures while that application is in front — `when:`.
            var only: ActionCondition?
            if let context = root["context"] {
                let applications = context["application"].map { $0.string.map { [$0] } ?? $0.sequence?.compactMap(\.string) ?? [] } ?? []
                guard !applications.isEmpty, context.mapping?.count == 1 else {
                    let kinds = pairs.compactMap { directions[$0.key.string ?? ""] != nil ? $0.key.string : nil }
                    items.append(ImportedItem(line: context.line, text: "context: \(Self.flat(context))", outcome: .skipped(
                        "a context other than `application:` (fusuma's plugins: keys held, thumbsense, …) has no equivalent, so this document's gestures (\(kinds.joined(separator: ", "))) are not imported")))
                    continue
                }
                only = ActionCondition(apps: applications)
                let line = pairs.first { $0.key.string == "context" }?.key.line ?? context.line
                items.append(ImportedItem(line: line, text: "context: \(Self.flat(context))", outcome: .actions([], note:
                    "this document's gestures run while \(applications.joined(separator: " or ")) is in front (`when:`), instead of the others on the same gesture")))
            }
            var reader = Reader(thresholds: Self.settings(root["threshold"]), intervals: Self.settings(root["interval"]))
            for (key, value) in pairs {
                let name = key.string ?? ""
                switch name {
                case "swipe", "pinch", "rotate", "hold":
                    reader.gestures(name, value)
                case "context" where only != nil:
                    continue  // said above
                case "threshold":
                    for (kind, number) in value.mapping ?? [] {
                        reader.items.append(Self.threshold(kind.string ?? "", number))
                    }
                case "interval":
                    for (kind, number) in value.mapping ?? [] {
                        let text = "interval: \(kind.string ?? ""): \(Self.flat(number))"
                        if kind.string == "pinch", let factor = number.float, valid(factor) {
                            reader.items.append(ImportedItem(line: kind.line, text: text, outcome: .actions([], note:
                                "a pinch runs again every \(JSONValue.number(factor * oneshotInterval).serialized) s while it goes on (on: { held: … })")))
                        } else {
                            reader.items.append(ImportedItem(line: kind.line, text: text, outcome: .skipped(
                                "fusuma's interval is the least time between two runs within one gesture; gestured runs a swipe's command once per swipe, and steps a rotation by its angle, not time")))
                        }
                    }
                case "plugin":
                    let devices = value["filters"]?["libinput_device_filter"]?["keep_device_names"]?.sequence?.compactMap(\.string) ?? []
                    reader.items.append(ImportedItem(line: key.line, text: "plugin: \(Self.flat(value))", outcome: .skipped(devices.isEmpty
                        ? "plugins' settings have no equivalent in gestured"
                        : "gestured uses every touchpad; to keep a gesture to these, add `devices: \(JSONValue.array(devices.map(JSONValue.string)).serialized)` to its `define:`")))
                default:
                    reader.items.append(ImportedItem(line: key.line, text: "\(name): \(Self.flat(value))", outcome: .skipped(Self.plugins[name] ?? "`\(name)` is not a fusuma setting")))
                }
            }
            items += only.map { when in
                reader.items.map { ImportedItem(line: $0.line, text: $0.text, outcome: $0.outcome.only(when, noting: "only while \(when.apps.joined(separator: " or ")) is in front")) }
            } ?? reader.items
        }
        return ImportedGesture.finish(items)
    }

    /// The YAML documents of a stream (fusuma's file may have several, split by `---`), each
    /// with the lines before it blank, so that every line number is the file's.
    static func documents(_ text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var documents: [String] = []
        var start = 0
        for (index, line) in lines.enumerated() where line.hasPrefix("---") || line.hasPrefix("...") {
            let marker = line.dropFirst(3)
            guard marker.isEmpty || marker.first == " " || marker.first == "\t" || marker.first == "\r" else { continue }
            documents.append(Self.padded(lines, start, index))
            start = index + 1
        }
        documents.append(Self.padded(lines, start, lines.count))
        return documents
    }

    static func padded(_ lines: [Substring], _ start: Int, _ end: Int) -> String {
        String(repeating: "\n", count: start) + lines[start..<end].joined(separator: "\n")
    }

    /// `threshold:` or `interval:` at the top: a number per kind.
    static func settings(_ node: YAMLNode?) -> [String: Double] {
        var values: [String: Double] = [:]
        for (kind, value) in node?.mapping ?? [] {
            // An invalid value is said at its own line; the gestures keep fusuma's default.
            if let name = kind.string, let number = value.float, valid(number) { values[name] = number }
        }
        return values
    }

    static func threshold(_ kind: String, _ value: YAMLNode) -> ImportedItem {
        let text = "threshold: \(kind): \(Self.flat(value))"
        guard directions[kind] != nil else { return ImportedItem(line: value.line, text: text, outcome: .skipped("`\(kind)` is not a fusuma gesture")) }
        guard let factor = value.float, Self.valid(factor) else { return ImportedItem(line: value.line, text: text, outcome: .skipped("expected a number from 0 to 10")) }
        return ImportedItem(line: value.line, text: text, outcome: .actions([], note: "applied to every \(kind) below that has no threshold of its own"))
    }

    /// fusuma takes any threshold from 0 (at once) up; past 10 no gesture would ever be far enough.
    static func valid(_ factor: Double) -> Bool { factor >= 0 && factor <= 10 }

    /// A node on one line, for the comment above what it became.
    static func flat(_ node: YAMLNode) -> String {
        switch node.content {
        case .scalar(let text, _): return text
        case .sequence(let items): return "[" + items.map(flat).joined(separator: ", ") + "]"
        case .mapping(let pairs): return "{ " + pairs.map { "\(flat($0.key)): \(flat($0.value))" }.joined(separator: ", ") + " }"
        }
    }

    /// Walks one document's gesture trees.
    struct Reader {
        var thresholds: [String: Double]
        /// The top level's `interval:` per kind.
        var intervals: [String: Double] = [:]
        var items: [ImportedItem] = []
        mutating func gestures(_ kind: String, _ node: YAMLNode) {
            // The directions each finger count has an entry for (`pinch: 4: in:`).
            var counted: Set<String> = []
            for (key, value) in node.mapping ?? [] {
                guard let count = key.int ?? key.string.flatMap({ Int($0) }) else { continue }
                for (direction, _) in value.mapping ?? [] { counted.insert("\(count) \(direction.string ?? "")") }
            }
            for (key, value) in node.mapping ?? [] {
                let path = "\(kind): \(key.string ?? "")"
                // fusuma's pinch and rotate take the finger count as optional (its README's own
                // `pinch: in: command:`): its one-shot looks the count up as skippable, so the
                // entry runs for a pinch of any count without one of its own (issue 62: it was
                // taken for two fingers, and fusuma ran it for four too).
                if key.int == nil, kind == "pinch" || kind == "rotate", let name = key.string,
                    FusumaImporter.directions[kind]!.contains(name) || ["begin", "update", "end"].contains(name)
                {
                    if FusumaImporter.directions[kind]!.contains(name) {
                        let counts = FusumaImporter.fingers[kind]!.filter { !counted.contains("\($0) \(name)") }
                        let first = items.count
                        for count in counts { direction(kind, count, name, value, path: path) }
                        merge(from: first, counts: counts)
                    } else {
                        phase(kind, 2, direction: nil, name, value, path: path)
                    }
                    continue
                }
                // A count quoted ("3") is the same count: fusuma looks fingers up by their text.
                guard let count = key.int ?? key.string.flatMap({ Int($0) }), FusumaImporter.fingers[kind]!.contains(count) else {
                    let range = FusumaImporter.fingers[kind]!
                    items.append(ImportedItem(line: key.line, text: "\(path): \(FusumaImporter.flat(value))", outcome: .skipped(
                        "fusuma's \(kind) has \(range.lowerBound) to \(range.upperBound) fingers, not \(key.string.map { "`\($0)`" } ?? "a collection")")))
                    continue
                }
                fingers(kind, count, value, path: path)
            }
        }

        /// The items made from one uncounted entry for each of `counts` as one item of the entry's
        /// line: their actions together, the first's note, said for which counts.
        mutating func merge(from first: Int, counts: [Int]) {
            guard items.count > first + 1 else { return }
            let made = items[first...]
            var merged = made.first!
            let actions = made.flatMap { item -> [ActionSpec] in
                if case .actions(let actions, _) = item.outcome { return actions }
                return []
            }
            if case .actions(_, let note) = merged.outcome {
                let said = "for \(counts.map(String.init).joined(separator: ", ")) fingers, as fusuma runs an entry without a count for any count without its own"
                merged.outcome = .actions(actions, note: note.map { "\($0); \(said)" } ?? said)
            }
            items.removeSubrange(first...)
            items.append(merged)
        }

        mutating func fingers(_ kind: String, _ count: Int, _ node: YAMLNode, path: String) {
            if kind == "hold", node["command"] != nil || node["sendkey"] != nil {
                oneshot(kind, count, direction: nil, node, path: path)
            }
            for (key, value) in node.mapping ?? [] {
                let name = key.string ?? ""
                if FusumaImporter.directions[kind]!.contains(name) {
                    direction(kind, count, name, value, path: "\(path): \(name)")
                } else if ["begin", "update", "end", "cancelled"].contains(name) {
                    phase(kind, count, direction: nil, name, value, path: "\(path): \(name)")
                } else if kind == "hold", ["command", "sendkey", "threshold", "interval", "accel"].contains(name) {
                    continue
                } else {
                    items.append(ImportedItem(line: key.line, text: "\(path): \(name): \(FusumaImporter.flat(value))", outcome: .skipped(
                        FusumaImporter.plugins[name] ?? "`\(name)` is not a direction or phase of fusuma's \(kind)")))
                }
            }
        }

        mutating func direction(_ kind: String, _ count: Int, _ direction: String, _ node: YAMLNode, path: String) {
            for (key, value) in node.mapping ?? [] {
                let name = key.string ?? ""
                switch name {
                case "command": oneshot(kind, count, direction: direction, node, path: path)
                case "sendkey" where node["command"] == nil: oneshot(kind, count, direction: direction, node, path: path)
                case "sendkey":
                    items.append(ImportedItem(line: key.line, text: "\(path): sendkey: \(FusumaImporter.flat(value))", outcome: .skipped(
                        "`sendkey:` beside `command:`: one gesture runs one of them, and the import takes the command (line \(node["command"]!.line))")))
                case "workspace", "window":
                    let text = "\(path): \(name): \(FusumaImporter.flat(value))"
                    guard node["command"] == nil, node["sendkey"] == nil else {
                        items.append(ImportedItem(line: key.line, text: text, outcome: .skipped(
                            "`\(name):` beside `command:` or `sendkey:`: one gesture runs one of them, and the import takes the command")))
                        continue
                    }
                    switch FusumaImporter.wmctrl(name, value) {
                    case .success(let action): oneshot(kind, count, direction: direction, node, path: path, window: (action, name, value))
                    case .failure(let why): items.append(ImportedItem(line: key.line, text: text, outcome: .skipped(why.message)))
                    }
                case "threshold", "interval", "accel": continue  // said with the command
                case "begin", "update", "end", "cancelled": phase(kind, count, direction: direction, name, value, path: "\(path): \(name)")
                default:
                    items.append(ImportedItem(line: key.line, text: "\(path): \(name): \(FusumaImporter.flat(value))", outcome: .skipped(
                        FusumaImporter.plugins[name] ?? "`\(name)` is not a property of fusuma's gestures")))
                }
            }
        }

        /// A `command:` that runs once the gesture is far, fast or long enough (`window`:
        /// fusuma-plugin-wmctrl's `workspace:` or `window:` there instead, as gestured's `window:`).
        mutating func oneshot(
            _ kind: String, _ count: Int, direction: String?, _ node: YAMLNode, path: String, window: (WindowAction, String, YAMLNode)? = nil
        ) {
            let run: ActionCommand, typed: String?, line: Int, text: String
            if let (action, key, value) = window {
                (run, line, text) = (.window(action), value.line, "\(path): \(key): \(FusumaImporter.flat(value))")
                typed = "fusuma-plugin-wmctrl's `\(key):` through the desktop (sway, i3, X11 with EWMH), not wmctrl"
            } else {
                guard let (key, commandNode) = node["command"].map({ ("command", $0) }) ?? node["sendkey"].map({ ("sendkey", $0) }) else { return }
                line = commandNode.line
                text = "\(path): \(key): \(FusumaImporter.flat(commandNode))"
                guard let (carried, note) = Self.command(commandNode, key) else {
                    return items.append(ImportedItem(line: line, text: text, outcome: .skipped(Self.unusable(commandNode, key))))
                }
                (run, typed) = (carried, note)
            }
            let factor = node["threshold"]?.float ?? thresholds[kind] ?? 1
            guard FusumaImporter.valid(factor) else {
                return items.append(ImportedItem(line: line, text: text, outcome: .skipped("its threshold must be a number from 0 to 10")))
            }
            var notes: [String] = []
            if node["interval"] != nil { notes.append("interval has no equivalent") }
            if node["accel"] != nil { notes.append("accel has no equivalent") }
            let spec: ActionSpec
            switch kind {
            case "swipe":
                let distance = FusumaImporter.swipeDistance * factor
                var parameters: [(String, JSONValue)] = [("fingers", ImportedGesture.int(count)), ("direction", .string(direction ?? ""))]
                if factor != 1 { parameters.append(("minimumDistance", .number(distance))) }
                spec = ActionSpec(gesture: "fusuma-swipe-\(direction ?? "")-\(count)", definition: ImportedGesture.define("swipe", parameters), command: run)
                notes.append("runs once the swipe has gone \(JSONValue.number(distance).serialized) mm, once per swipe")
            case "pinch" where PinchDirection(rawValue: direction ?? "") != nil:
                // fusuma's one-shot: once the zoom is 1.3 × threshold (as a ratio) one way, then
                // again every 0.3 s × interval while the pinch goes on — `held` runs at once and
                // then every interval while the pinch in (or out) stays active.
                let way = PinchDirection(rawValue: direction ?? "")!
                let ratio = FusumaImporter.pinchRatio * factor
                let delta = way == .out ? min(max(ratio - 1, 0.05), 9) : min(max(1 - 1 / max(ratio, 1), 0.05), 0.9)
                let interval = max((node["interval"]?.float ?? intervals["pinch"] ?? 1) * FusumaImporter.oneshotInterval, 0.05)
                spec = ActionSpec(
                    gesture: ImportedGesture.pinchName("fusuma", fingers: count, direction: way),
                    definition: ImportedGesture.pinch(fingers: count, direction: way, threshold: delta), trigger: .held(interval: interval), command: run)
                notes.removeAll { $0 == "interval has no equivalent" }
                notes.append("runs once the pinch \(way.rawValue) has gone \(JSONValue.number(delta).serialized) of scale, then every \(JSONValue.number(interval).serialized) s while it goes on")
            case "pinch", "rotate":
                let pinch = kind == "pinch"
                let size = pinch ? min(max(FusumaImporter.pinchStep * factor, 0.05), 1) : min(max(FusumaImporter.rotateStep * factor, 5), 180)
                let forward = direction == "out" || direction == "clockwise"
                spec = ActionSpec(
                    gesture: pinch ? ImportedGesture.pinchName("fusuma", fingers: count) : ImportedGesture.twistName("fusuma-rotate", fingers: count),
                    definition: pinch ? ImportedGesture.pinch(fingers: count) : ImportedGesture.twist(fingers: count),
                    trigger: .update(ActionStep(pinch ? .scale : .angle, size: size)), command: forward ? run : nil, back: forward ? nil : run)
                notes.append("runs at every \(JSONValue.number(size).serialized)\(pinch ? " of scale" : "°") \(pinch ? "pinched" : "turned") \(direction ?? "")")
            default:  // hold
                // A long press ends when it is recognized: its command runs then (`ended`).
                let seconds = max(FusumaImporter.holdDuration * factor, 0.01)
                spec = ActionSpec(
                    gesture: "fusuma-press-\(count)",
                    definition: ImportedGesture.define("longPress", [("minimumDuration", .number(seconds)), ("fingers", ImportedGesture.int(count))]),
                    trigger: .ended, command: run)
                notes.append("runs once \(Counted.words(count, "finger")) \(count == 1 ? "has" : "have") rested \(JSONValue.number(seconds).serialized) s")
            }
            items.append(ImportedItem(line: line, text: text, outcome: .actions([spec], note: notes.joined(separator: "; ")).noting(typed)))
        }

        /// `begin:`, `update:`, `end:` or `cancelled:`: as the gesture starts, moves, stops.
        mutating func phase(_ kind: String, _ count: Int, direction: String?, _ phase: String, _ node: YAMLNode, path: String) {
            let key = node["command"] == nil && node["sendkey"] != nil ? "sendkey" : "command"
            let line = node[key]?.line ?? node.line
            let text = "\(path): \(FusumaImporter.flat(node))"
            guard let commandNode = node[key], let (run, typed) = Self.command(commandNode, key) else {
                let reason = node[key].map { Self.unusable($0, key) }
                    ?? node.mapping?.compactMap { FusumaImporter.plugins[$0.key.string ?? ""] }.first ?? "expected `command:`"
                return items.append(ImportedItem(line: line, text: text, outcome: .skipped(reason)))
            }
            let (name, definition): (String, JSONValue)
            switch kind {
            case "swipe": (name, definition) = ("fusuma-swipe-\(count)", ImportedGesture.define("drag", [("fingers", ImportedGesture.int(count))]))
            case "pinch": (name, definition) = (ImportedGesture.pinchName("fusuma", fingers: count), ImportedGesture.pinch(fingers: count))
            case "rotate": (name, definition) = (ImportedGesture.twistName("fusuma-rotate", fingers: count), ImportedGesture.twist(fingers: count))
            default: (name, definition) = ("fusuma-hold-\(count)", ImportedGesture.define("hold", [("fingers", ImportedGesture.int(count))]))
            }
            var notes: [String] = []
            if node["interval"] != nil || node["accel"] != nil { notes.append("interval and accel have no equivalent") }
            if direction != nil, phase != "update" { notes.append("runs whichever way the fingers go: a gesture's direction is known only as it moves") }
            let spec = { (trigger: ActionTrigger, command: ActionCommand?, back: ActionCommand?) in
                ActionSpec(gesture: name, definition: definition, trigger: trigger, command: command, back: back)
            }
            var specs: [ActionSpec] = []
            // xdotool keydown at begin: (alt+tab): held from the start, by gestured, until the
            // gesture ends or fails; the keyup at end: is then gestured's own.
            let keyTool = commandNode.string.flatMap { KeyTools.translate(shell: $0) }
            if phase == "begin", case .holds(let held, let typed)? = keyTool {
                specs = [spec(.began, .input(ActionInput(keys: [held])), nil)]
                if var typed {
                    typed.hold = false
                    specs.append(spec(.began, .input(typed), nil))
                }
                notes.append("\(held) held by gestured's virtual keyboard from the start until the gesture ends or fails, on every desktop")
                return items.append(ImportedItem(line: line, text: text, outcome: .actions(specs, note: notes.joined(separator: "; "))))
            }
            if phase == "end" || phase == "cancelled", case .releases(let keys)? = keyTool {
                return items.append(ImportedItem(line: line, text: text, outcome: .actions([], note:
                    "nothing to run: gestured lets go of \(keys.joined(separator: "+")) by itself when the gesture ends or fails (the begin: that holds it)")))
            }
            switch (kind, phase) {
            case (_, "begin"):
                // fusuma ran it once as the gesture began: keys are typed once, not held.
                specs = [spec(.began, KeyTools.once(run), nil)]
            case ("hold", "end"):
                specs = [spec(.ended, run, nil)]
            case (_, "end"):
                specs = [spec(.ended, run, nil), spec(.failed, run, nil)]
                notes.append("also when the gesture fails, as fusuma ran end: for every gesture that began")
            case ("hold", "cancelled"):
                specs = [spec(.failed, run, nil)]
            case ("hold", _), (_, "cancelled"):
                return items.append(ImportedItem(line: line, text: text, outcome: .skipped(
                    kind == "hold" ? "a hold does not move, so it has no update" : "only a hold has `cancelled:`; a \(kind) has begin, update and end")))
            default:  // update
                let step: ActionStep
                var forward: Bool?  // nil: both ways
                switch kind {
                case "swipe":
                    let axis: ActionStep.Axis? = direction.map { $0 == "left" || $0 == "right" ? .x : .y }
                    step = ActionStep(.distance(axis: axis), size: FusumaImporter.updateDistance)
                    forward = direction.map { $0 == "right" || $0 == "down" }
                    notes.append("a step every \(JSONValue.number(FusumaImporter.updateDistance).serialized) mm\(direction.map { " \($0)" } ?? " moved")")
                case "pinch":
                    step = ActionStep(.scale, size: FusumaImporter.updateScale)
                    forward = direction.map { $0 == "out" }
                    notes.append("a step every \(JSONValue.number(FusumaImporter.updateScale).serialized) of scale")
                default:
                    step = ActionStep(.angle, size: FusumaImporter.updateAngle)
                    forward = direction.map { $0 == "clockwise" }
                    notes.append("a step every \(JSONValue.number(FusumaImporter.updateAngle).serialized)°")
                }
                // Without a direction: every step, either way (a drag's length only grows).
                specs = [spec(.update(step), forward != false ? run : nil, forward != true && (forward != nil || kind != "swipe") ? run : nil)]
            }
            items.append(ImportedItem(
                line: line, text: text, outcome: .actions(specs, note: notes.isEmpty ? nil : notes.joined(separator: "; ")).noting(typed)))
        }


        /// fusuma's per-update values, which gestured's commands do not get.
        static let deltas = ["$move_x", "$move_y", "${move_x}", "${move_y}", "$zoom", "${zoom}", "$rotate", "${rotate}"]

        /// A command fusuma runs through the shell — typed by the virtual keyboard when it is a
        /// key tool's — or fusuma-plugin-sendkey's keys (`LEFTCTRL+T`, or a list typed in
        /// order: evdev's names without KEY_); nil when it is empty or needs fusuma's deltas.
        static func command(_ node: YAMLNode, _ key: String = "command") -> (ActionCommand, note: String?)? {
            if key == "sendkey" {
                let texts = node.string.map { [$0] } ?? node.sequence?.compactMap(\.string) ?? []
                guard !texts.isEmpty, !texts.contains(where: \.isEmpty) else { return nil }
                let keys = texts.map { text in
                    text.split(separator: "+").map { part in
                        part.hasPrefix("KEY_") || part.hasPrefix("BTN_") ? String(part) : "KEY_" + part.uppercased()
                    }.joined(separator: "+")
                }
                return (.input(ActionInput(keys: keys)), "typed by gestured's virtual keyboard, the same evdev keys fusuma-plugin-sendkey sent")
            }
            guard let text = node.string, !text.isEmpty, !deltas.contains(where: text.contains) else { return nil }
            return KeyTools.carry(.shell(text))
        }

        static func unusable(_ node: YAMLNode, _ key: String = "command") -> String {
            if key == "sendkey" { return "expected `sendkey:` to name keys, e.g. LEFTCTRL+T, or a list of them" }
            guard let text = node.string, !text.isEmpty else { return "an empty command runs nothing (fusuma too)" }
            return "the command uses fusuma's per-update values ($move_x, $move_y, $zoom, $rotate), which gestured's commands do not get (GESTURE_VALUE holds the gesture's value as JSON); gestured moves no pointer"
        }
    }
}
