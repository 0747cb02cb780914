import GestureActions
import GestureCore
import GesturePipeline
import GestureWire

/// Reads a touchegg configuration (`~/.config/touchegg/touchegg.conf`, XML) into actions:
/// every gesture of `<application name="All">` whose action runs something — `RUN_COMMAND`,
/// `SEND_KEYS`, `MOUSE_CLICK` — becomes actions on a gesture defined in the actions file
/// itself; window management, animations, settings and application-specific gestures are kept
/// with the reason they have no equivalent.
///
/// What touchegg does, from its documentation and source: a gesture is `<gesture type=SWIPE|
/// PINCH|TAP fingers=N direction=UP|DOWN|LEFT|RIGHT|IN|OUT>` with one `<action type=…>`; an
/// action runs `on` `begin` (its default), `end` or `begin-and-end`, or with `repeat` once per
/// 1/`times` (default 10) of its full gesture, its `decrease…` counterpart when the fingers
/// come back; commands run through `/bin/sh`; keys and clicks are sent with XTest (X11 only).
public enum ToucheggImporter {
    /// A swipe's full length, in mm, over which touchegg counts a repeated action's `times`
    /// (its finish threshold: 40 % of the touchpad's size, so 40 mm on a 100 mm pad).
    public static let fullSwipe = 40.0
    /// A pinch's full change of scale (touchegg's 100 %: scale 0 pinching in, 2 pinching out).
    public static let fullPinch = 1.0
    /// Steps over a full gesture when `times` is not given (touchegg's 10 %).
    public static let defaultTimes = 10
    /// How far, in percent of its full gesture, a pinch runs an action once (touchegg's
    /// `action_execute_threshold`, default 20).
    public static let defaultThreshold = 20.0

    /// Every element that says something, in file order; an XML mistake names its line.
    public static func read(_ text: String) throws(XMLReader.Failure) -> [ImportedItem] {
        let root = try XMLReader.parse(text)
        guard root.name == "touchégg" || root.name == "touchegg" else {
            throw XMLReader.Failure(line: root.line, problem: "the root element is <\(root.name)>, not <touchégg>: not a touchegg configuration")
        }
        var items: [ImportedItem] = []
        var threshold = defaultThreshold
        for settings in root.children(named: "settings") {
            for property in settings.children {
                items.append(Self.setting(property, threshold: &threshold))
            }
        }
        for child in root.children where child.name != "settings" {
            guard child.name == "application" else {
                items.append(ImportedItem(line: child.line, text: "<\(child.name)>", outcome: .skipped("`<\(child.name)>` is not part of a touchegg configuration")))
                continue
            }
            let names = child[attribute: "name"] ?? ""
            let everywhere = names.split(separator: ",").contains { $0.trimmed.lowercased() == "all" }
            for gesture in child.children {
                let text = Self.describe(gesture)
                guard gesture.name == "gesture" else {
                    items.append(ImportedItem(line: gesture.line, text: text, outcome: .skipped("`<\(gesture.name)>` is not a touchegg gesture")))
                    continue
                }
                let outcome = Self.outcome(gesture, threshold: threshold)
                guard everywhere else {
                    // An application's gestures: while its window is in front (`when:`), instead
                    // of All's on the same gesture, as touchegg does for the window under the pointer.
                    let classes = names.split(separator: ",").map { String($0.trimmed) }.filter { !$0.isEmpty }
                    items.append(ImportedItem(line: gesture.line, text: "\(names): \(text)", outcome: outcome.only(
                        ActionCondition(apps: classes),
                        noting: "only while \(classes.joined(separator: " or ")) is in front (touchegg: under the pointer), instead of All's")))
                    continue
                }
                items.append(ImportedItem(line: gesture.line, text: text, outcome: outcome))
            }
        }
        return ImportedGesture.finish(items)
    }

    static func setting(_ property: XMLElement, threshold: inout Double) -> ImportedItem {
        let name = property[attribute: "name"] ?? property.name
        let text = "\(name) = \(property.text)"
        let outcome: ImportedItem.Outcome
        switch name {
        case "action_execute_threshold":
            if let percent = Double(property.text), percent >= 0, percent <= 100 {
                threshold = percent
                outcome = .actions([], note: "touchegg runs an action `on` end, or an animated one, only past \(JSONValue.number(percent).serialized) % of its gesture; gestured runs it when the gesture ends, and its swipes recognize at their own distance (15 mm)")
            } else {
                outcome = .skipped("expected a percentage from 0 to 100")
            }
        case "animation_delay", "color", "borderColor":
            outcome = .skipped("gestured draws no animations")
        default:
            outcome = .skipped("`\(name)` is not a touchegg setting")
        }
        return ImportedItem(line: property.line, text: text, outcome: outcome)
    }

    /// One line for a gesture: its attributes, its action's type and what it runs.
    static func describe(_ gesture: XMLElement) -> String {
        let attributes = gesture.attributes.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
        guard let action = gesture.children(named: "action").first else { return "<\(gesture.name) \(attributes)>" }
        let settings = action.children.filter { ["command", "decreaseCommand", "modifiers", "keys", "decreaseKeys", "button", "on", "repeat", "times"].contains($0.name) }
            .map { "\($0.name)=\($0.text)" }.joined(separator: " ")
        return "<\(gesture.name) \(attributes)> \(action[attribute: "type"] ?? "?")\(settings.isEmpty ? "" : " " + settings)"
    }

    static func outcome(_ gesture: XMLElement, threshold: Double) -> ImportedItem.Outcome {
        // touchegg 2 reads touchegg 1's DRAG as a SWIPE (gesture-type.h: "for compatibility
        // with v0 and v1"); the parity harness found 1.x files acting in touchegg 2 (issue 62).
        if (gesture[attribute: "type"] ?? "").uppercased() == "DRAG" {
            return outcome(gesture, type: "SWIPE", threshold: threshold).noting("DRAG, touchegg 1's name, is a SWIPE, as touchegg 2 reads it")
        }
        return outcome(gesture, type: (gesture[attribute: "type"] ?? "").uppercased(), threshold: threshold)
    }

    /// One gesture of the file, its type (SWIPE, PINCH, TAP) as touchegg reads it.
    static func outcome(_ gesture: XMLElement, type: String, threshold: Double) -> ImportedItem.Outcome {
        let direction = (gesture[attribute: "direction"] ?? "").uppercased()
        guard let fingers = gesture[attribute: "fingers"].flatMap({ Int($0) }), (1...10).contains(fingers) else {
            return .skipped("expected fingers=\"1\" to \"10\"")
        }
        if type == "PINCH" && fingers < 2 { return .skipped("a PINCH takes two fingers or more") }
        guard let action = gesture.children(named: "action").first else { return .skipped("a gesture without an <action>") }
        var settings: [String: String] = [:]
        for setting in action.children { settings[setting.name] = setting.text }
        let actionType = (action[attribute: "type"] ?? "").uppercased()
        if let window = Self.window(actionType, settings, direction: direction) {
            guard case .success(let action) = window else {
                if case .failure(let why) = window { return .skipped(why.message) }
                return .skipped("")
            }
            return Self.windowAction(action, type: type, direction: direction, fingers: fingers, settings: settings, threshold: threshold)
        }
        guard let effect = Effect(actionType, settings) else {
            return .skipped(["SEND_KEYS", "MOUSE_CLICK", "RUN_COMMAND"].contains(actionType)
                ? "\(actionType) needs \(actionType == "SEND_KEYS" ? "<keys>" : actionType == "MOUSE_CLICK" ? "<button> 1, 2, 3, 8 or 9" : "<command>")"
                : "`\(actionType)` is not a touchegg action")
        }
        var notes = effect.notes
        if settings["animate"] == "true" || settings["animation"] != nil { notes.append("no animation") }
        let repeated = settings["repeat"] == "true"
        let on = settings["on"] ?? "begin"
        guard ["begin", "end", "begin-and-end"].contains(on) else { return .skipped("expected <on> begin, end or begin-and-end") }
        let times = settings["times"].flatMap { Int($0) }.map { min(max($0, 2), 15) } ?? defaultTimes
        let note = { (extra: [String]) in (notes + extra).isEmpty ? nil : (notes + extra).joined(separator: "; ") }

        switch type {
        case "SWIPE", "PINCH":
            let name: String, definition: JSONValue, measure: ActionStep.Measure, full: Double, unit: String
            // Whether `command` runs on steps forward: x grows rightward, y downward, scale outward.
            let forward: Bool
            // touchegg runs a pinch's `end` action only past its threshold (repeated-action.cpp).
            let past = type == "PINCH" && !repeated && on == "end" ? threshold : nil
            switch Self.gesture(type, direction, fingers: fingers, past: past) {
            case .failure(let why): return .skipped(why.message)
            case .success(let made): (name, definition) = made
            }
            if type == "SWIPE" {
                measure = .distance(axis: direction == "LEFT" || direction == "RIGHT" ? .x : .y)
                forward = direction == "RIGHT" || direction == "DOWN"
                (full, unit) = (fullSwipe, " mm")
            } else {
                // A pinch one way (``gesture(_:_:fingers:past:)``): `begin` runs once as it starts,
                // `end` once at the lift, on a pinch that went past the threshold.
                (measure, forward, full, unit) = (.scale, direction == "OUT", fullPinch, " of scale")
                if past != nil {
                    notes.append("only past \(JSONValue.number(threshold).serialized) % of scale, as touchegg runs `end` (action_execute_threshold)")
                }
            }
            let spec = { (trigger: ActionTrigger, command: ActionCommand?, back: ActionCommand?) in
                ActionSpec(gesture: name, definition: definition, trigger: trigger, command: command, back: back)
            }
            guard !repeated || effect.increase != nil else { return .skipped("a repeated MOUSE_CLICK has nothing to repeat") }
            var specs: [ActionSpec] = []
            for begin in effect.begin(on: on, repeated: repeated) { specs.append(spec(.began, begin, nil)) }
            if repeated {
                let size = full / Double(times)
                specs.append(spec(.update(ActionStep(measure, size: size)), forward ? effect.increase : effect.decrease, forward ? effect.decrease : effect.increase))
                notes.append("a step every \(JSONValue.number(size).serialized)\(unit)")
            }
            if let end = effect.end(on: on, repeated: repeated) { specs.append(spec(.ended, end, nil)) }
            if let cancel = effect.cancel(on: on) { specs.append(spec(.failed, cancel, nil)) }
            return .actions(specs, note: note([]))
        case "TAP":
            guard !repeated else { return .skipped("a repeated action on a TAP never runs in touchegg either (a tap does not move)") }
            // touchegg's TAP is a touchscreen gesture: a touchpad's taps are libinput's clicks.
            guard case .success(let tap) = Self.gesture(type, direction, fingers: fingers) else { return .skipped("") }
            let spec = ActionSpec(gesture: tap.name, definition: tap.definition, command: effect.shot)
            return .actions([spec], note: note((on == "end" ? [] : ["runs when the fingers lift: a tap is recognized then"]) + ["on touchscreens only, as in touchegg"]))
        default:
            return .skipped("`\(type)` is not a touchegg gesture (SWIPE, PINCH, TAP)")
        }
    }

    /// touchegg's window-management actions as `window:`, or why not; nil for other actions.
    static func window(_ type: String, _ settings: [String: String], direction: String) -> Result<WindowAction, ImportError>? {
        switch type {
        case "MAXIMIZE_RESTORE_WINDOW": return .success(.maximize)
        case "MINIMIZE_WINDOW": return .success(.minimize)
        case "FULLSCREEN_WINDOW": return .success(.fullscreen)
        case "CLOSE_WINDOW": return .success(.close)
        case "SHOW_DESKTOP": return .success(.showDesktop)
        case "CHANGE_DESKTOP":
            // touchegg's `auto` follows the fingers: left and up for the next desktop.
            switch (settings["direction"] ?? "auto").lowercased() {
            case "next", "right", "down": return .success(.workspace(.next))
            case "previous", "left", "up": return .success(.workspace(.previous))
            case "auto": return .success(direction == "LEFT" || direction == "UP" ? .workspace(.next) : .workspace(.previous))
            default: return .failure(ImportError("CHANGE_DESKTOP's <direction> is previous, next, up, down, left, right or auto"))
            }
        case "TILE_WINDOW":
            return .failure(ImportError("TILE_WINDOW tiles the window to half the screen, which gestured's `window:` does not do; use your desktop's shortcut with `keys:` (e.g. super+Left)"))
        default:
            return nil
        }
    }

    /// The gesture a touchegg gesture is defined as, by name: a swipe of its fingers and
    /// direction; a pinch one way (its direction taken from its first change, as touchegg takes
    /// it from its first update); a tap on touchscreens, as touchegg's taps are.
    /// `past` (a percentage): a pinch that runs only once its scale went that far, as touchegg
    /// runs an `end` action or an animated window action only past action_execute_threshold
    /// (`te-pinch-in-3-past20`, its own gesture beside the plain one).
    static func gesture(_ type: String, _ direction: String, fingers: Int, past: Double? = nil) -> Result<(name: String, definition: JSONValue), ImportError> {
        switch type {
        case "SWIPE":
            guard ["UP", "DOWN", "LEFT", "RIGHT"].contains(direction) else { return .failure(ImportError("a SWIPE goes UP, DOWN, LEFT or RIGHT")) }
            return .success(("te-swipe-\(direction.lowercased())-\(fingers)",
                             ImportedGesture.define("swipe", [("fingers", ImportedGesture.int(fingers)), ("direction", .string(direction.lowercased()))])))
        case "PINCH":
            guard let way = PinchDirection(rawValue: direction.lowercased()) else { return .failure(ImportError("a PINCH goes IN or OUT")) }
            let name = ImportedGesture.pinchName("te", fingers: fingers, direction: way)
            guard let past, past / 100 > 0.05 else { return .success((name, ImportedGesture.pinch(fingers: fingers, direction: way))) }
            return .success((name + "-past" + JSONValue.number(past).serialized, ImportedGesture.pinch(fingers: fingers, direction: way, threshold: min(past, 95) / 100)))
        case "TAP":
            return .success(("te-tap-\(fingers)", ImportedGesture.define("tap", [("fingers", ImportedGesture.int(fingers))], devices: ["touchscreen"])))
        default:
            return .failure(ImportError("`\(type)` is not a touchegg gesture (SWIPE, PINCH, TAP)"))
        }
    }

    /// A window action, once per gesture at its end (touchegg acts once the gesture passed
    /// its threshold, on the window under the pointer; gestured on the focused window).
    static func windowAction(
        _ action: WindowAction, type: String, direction: String, fingers: Int, settings: [String: String], threshold: Double
    ) -> ImportedItem.Outcome {
        // Once per gesture, when the fingers lift, as touchegg runs it at the gesture's end.
        let name: String, definition: JSONValue
        // An animated one runs only past the threshold (animated-action.cpp): a short pinch in
        // closed a window in gestured and none in touchegg (the parity harness, issue 62).
        let animated = settings["animate"] == "true"
        switch Self.gesture(type, direction, fingers: fingers, past: animated && type == "PINCH" ? threshold : nil) {
        case .failure(let why): return .skipped(why.message)
        case .success(let made): (name, definition) = made
        }
        var notes: [String]
        switch action {
        case .workspace:
            notes = ["once, through the desktop"]
            if (settings["direction"] ?? "auto").lowercased() == "auto" {
                // touchegg's X11 `auto`: up and left are the next desktop with the touchpad's
                // natural scrolling on (always on a touchscreen), the previous with it off.
                notes.append("`auto` as touchegg goes with natural scrolling on (GNOME's default; always on a touchscreen): up and left the next desktop; with it off touchegg went the other way, so swap next and previous")
            }
            if settings["cyclic"]?.lowercased() == "true" {
                notes.append("cyclic left out: on X11 gestured stops at the first and last desktop, as touchegg does without it (sway's own goes round)")
            }
        case .showDesktop:
            notes = ["once, through the desktop"]
        default:
            notes = ["once, on the focused window, through the desktop (touchegg: the one under the pointer)"]
        }
        if animated {
            notes.append("no animation")
            if type == "PINCH" {
                notes.append("only past \(JSONValue.number(threshold).serialized) % of scale, as touchegg runs an animated one (action_execute_threshold)")
            } else if type != "TAP" {
                notes.append("touchegg runs an animated one only past \(JSONValue.number(threshold).serialized) % of the gesture (action_execute_threshold)")
            }
        }
        return .actions([ActionSpec(gesture: name, definition: definition, command: .window(action))], note: notes.joined(separator: "; "))
    }

    /// What one of touchegg's command actions does, as commands for each moment of a gesture.
    struct Effect {
        /// What the action is.
        enum Kind {
            /// `RUN_COMMAND`: a shell command.
            case command(String)
            /// `SEND_KEYS`: modifiers held from the gesture's start to its end, keys pressed.
            case keys(modifiers: String?, keys: String)
            /// `MOUSE_CLICK`: a button clicked, or held from start to end with `begin-and-end`.
            case click(button: String)
        }

        var kind: Kind
        /// With `repeat`: what runs a step further in the gesture's direction, and a step back.
        var increase: ActionCommand?
        var decrease: ActionCommand?
        var notes: [String] = []

        /// Key names joined by `+` as touchegg reads them: split at every `+`, an empty name
        /// skipped (touchegg says "Unknown key" and sends the others: `+j` sends j). Nil when no
        /// name is left; `skipped` gets each text that had an empty name.
        static func names(_ text: String?, skipped: inout [String]) -> String? {
            guard let text, !text.isEmpty else { return nil }
            // std::getline yields no empty part after a final `+`.
            let parts = text.split(separator: "+", omittingEmptySubsequences: false).dropLast(text.hasSuffix("+") ? 1 : 0)
            let names = parts.filter { !$0.isEmpty }.map(Self.typed)
            if names.count != parts.count || text.hasSuffix("+") { skipped.append(text) }
            return names.isEmpty ? nil : names.joined(separator: "+")
        }

        /// A key name as touchegg types it: `XKeysymToKeycode(XStringToKeysym(name))`, the key
        /// alone, so an upper-case letter is its key without Shift (`S` is the s key; gestured's
        /// `S` would add Shift).
        static func typed(_ name: Substring) -> String {
            guard name.count == 1, let letter = name.first, letter.isASCII, letter.isUppercase else { return String(name) }
            return letter.lowercased()
        }

        init?(_ type: String, _ settings: [String: String]) {
            switch type {
            case "RUN_COMMAND":
                guard let command = settings["command"], !command.isEmpty else { return nil }
                kind = .command(command)
                increase = .shell(command)
                decrease = settings["decreaseCommand"].flatMap { $0.isEmpty ? nil : .shell($0) }
                if command.contains("TOUCHEGG_") { notes.append("TOUCHEGG_* variables are not set; GESTURE_PHASE and GESTURE_DEVICE tell the same (docs/ACTIONS.md)") }
            case "SEND_KEYS":
                var skipped: [String] = []
                guard let keys = Self.names(settings["keys"], skipped: &skipped) else { return nil }
                let modifiers = Self.names(settings["modifiers"], skipped: &skipped)
                kind = .keys(modifiers: modifiers, keys: keys)
                increase = .input(ActionInput(keys: [keys]))
                decrease = Self.names(settings["decreaseKeys"], skipped: &skipped).map { .input(ActionInput(keys: [$0])) }
                notes.append("typed by gestured's virtual keyboard, on every desktop (touchegg used X11)")
                if !skipped.isEmpty {
                    notes.append("\(skipped.map { "`\($0)`" }.joined(separator: ", ")): empty key names left out, as touchegg leaves them out")
                }
            case "MOUSE_CLICK":
                guard let button = settings["button"], ["1", "2", "3", "8", "9"].contains(button) else { return nil }
                kind = .click(button: button)
                notes.append("clicked by gestured's virtual pointer, on every desktop (touchegg used X11)")
            default:
                return nil
            }
        }

        /// The whole action at once: a tap's, or a pinch's single run (modifiers with the keys).
        var shot: ActionCommand {
            switch kind {
            case .command(let command): .shell(command)
            case .keys(let modifiers, let keys): .input(ActionInput(keys: [(modifiers.map { $0 + "+" } ?? "") + keys]))
            case .click(let button): .input(ActionInput(buttons: [button]))
            }
        }

        /// When the gesture begins: modifiers go down and stay down until it ends or fails
        /// (`on: began` holds them), then the action runs if it runs `on` begin (typed once).
        func begin(on: String, repeated: Bool) -> [ActionCommand] {
            let runs = !repeated && on != "end"
            switch kind {
            case .command(let command): return runs ? [.shell(command)] : []
            case .keys(let modifiers, let keys):
                return (modifiers.map { [.input(ActionInput(keys: [$0]))] } ?? []) + (runs ? [.input(ActionInput(keys: [keys], hold: false))] : [])
            case .click(let button):
                // begin-and-end: held from start to end.
                return on == "begin-and-end" ? [.input(ActionInput(buttons: [button]))] : on == "begin" ? [.input(ActionInput(buttons: [button], hold: false))] : []
            }
        }

        /// When it ends: the action runs if it runs `on` end; what `begin` holds comes up after it.
        func end(on: String, repeated: Bool) -> ActionCommand? {
            let runs = !repeated && on != "begin"
            switch kind {
            case .command(let command): return runs ? .shell(command) : nil
            case .keys(_, let keys): return runs ? .input(ActionInput(keys: [keys])) : nil
            case .click: return on == "end" ? shot : nil
            }
        }

        /// When it fails: nothing — what `begin` holds comes up by itself (touchegg has no
        /// failure; gestured says when a swipe does not come to be).
        func cancel(on: String) -> ActionCommand? { nil }
    }
}
