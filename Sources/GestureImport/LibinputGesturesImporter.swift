import GesturePipeline
import GestureWire

/// Reads a libinput-gestures configuration (`~/.config/libinput-gestures.conf`) into actions:
/// every `gesture` line becomes actions on a gesture defined in the actions file itself (so
/// nothing depends on the daemon's configuration), and every line without an equivalent is
/// kept with the reason.
///
/// The directives, as libinput-gestures documents them: `gesture ACTION MOTION [FINGERS]
/// COMMAND` with swipe up/down/left/right/left_up/left_down/right_up/right_down, pinch
/// in/out/clockwise/anticlockwise, hold on and hold on+SECONDS, drag; `device NAME|all`;
/// `swipe_threshold DOTS`; `timeout SECONDS`. A keyword may end in `:`. Commands run without a
/// shell, split into words as `shlex` splits them.
public enum LibinputGesturesImporter {
    /// A pinch runs once per this much change of scale (libinput-gestures ran it once per pinch).
    public static let pinchStep = 0.25
    /// A twist runs once per this many degrees.
    public static let twistStep = 30.0

    /// Every line that says something, in order (comments and blank lines are left out).
    public static func read(_ text: String) -> [ImportedItem] {
        var items: [ImportedItem] = []
        // Lines with a finger count win over the same gesture without one (its documentation).
        var counted: Set<String> = []
        // A gesture line's outcome depends on the counts of lines after it: decided at the end.
        var gestures: [(item: Int, action: String, motion: String, fingers: Int?, command: String)] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            let trimmed = String(raw).trimmingCharacters(in: " \t\r")
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            var words = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            let keyword = words.removeFirst().lowercased().trimmingSuffix(":")
            switch keyword {
            case "gesture":
                guard words.count >= 3 else {
                    items.append(ImportedItem(line: line, text: trimmed, outcome: .skipped("expected `gesture ACTION MOTION [FINGERS] COMMAND`")))
                    continue
                }
                let action = words[0].lowercased(), motion = words[1].lowercased()
                var rest = Array(words.dropFirst(2))
                var fingers: Int?
                if let count = Int(rest[0]), rest[0].count == 1, rest.count > 1 {
                    fingers = count
                    rest.removeFirst()
                }
                // The command is the rest of the line as written (its own spacing and quotes).
                let command = Self.remainder(of: trimmed, after: words.count - rest.count + 1)
                if let fingers { counted.insert("\(action) \(motion) \(fingers)") }
                gestures.append((items.count, action, motion, fingers, command))
                items.append(ImportedItem(line: line, text: trimmed, outcome: .actions([], note: nil)))
            case "device":
                let name = words.joined(separator: " ")
                items.append(ImportedItem(line: line, text: trimmed, outcome: .skipped(name.lowercased() == "all"
                    ? "gestured uses every touchpad (and touchscreen) already"
                    : "gestured uses every touchpad; to keep a gesture to this one, add `devices: [\"\(name)\"]` to its `define:`")))
            case "swipe_threshold":
                items.append(ImportedItem(line: line, text: trimmed, outcome: .skipped(
                    "swipe_threshold is in the touchpad's dots; gestured's swipes have their own distance in mm (`minimumDistance:` in `define:`)")))
            case "timeout":
                items.append(ImportedItem(line: line, text: trimmed, outcome: .skipped(
                    "gestured has no overall timeout for a gesture; a swipe must be quick by its own rules")))
            default:
                items.append(ImportedItem(line: line, text: trimmed, outcome: .skipped("`\(keyword)` is not a libinput-gestures directive")))
            }
        }
        for gesture in gestures {
            items[gesture.item].outcome = Self.outcome(gesture.action, gesture.motion, gesture.fingers, gesture.command, counted: counted)
        }
        return ImportedGesture.finish(items)
    }

    static func remainder(of line: String, after words: Int) -> String {
        var rest = Substring(line)
        for _ in 0..<words {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            rest = rest.drop { $0 != " " && $0 != "\t" }
        }
        return String(rest.drop { $0 == " " || $0 == "\t" })
    }

    static func outcome(_ action: String, _ motion: String, _ fingers: Int?, _ command: String, counted: Set<String>) -> ImportedItem.Outcome {
        if fingers == 0 { return .skipped("a gesture has at least one finger") }
        if command.hasPrefix("_internal") {
            return .skipped("`_internal` switches workspaces with wmctrl (X11 and XWayland only); use your desktop's command, e.g. [swaymsg, workspace, next] (docs/ACTIONS.md)")
        }
        if command.hasPrefix("_drag") || action == "drag" {
            return .skipped("drag gestures move the pointer with a button held; gestured publishes gestures, it does not move the pointer")
        }
        guard let words = ShellWords.split(command), !words.isEmpty else { return .skipped("the command has a quote left open") }
        let run = ActionCommand.argv(words)
        // Without a count, the gesture is for any number of fingers: 3 and 4 (fewer are
        // pointer motion and scrolling), except counts that have lines of their own.
        let counts = fingers.map { [$0] } ?? [3, 4].filter { !counted.contains("\(action) \(motion) \($0)") }
        switch (action, motion) {
        case ("swipe", "up"), ("swipe", "down"), ("swipe", "left"), ("swipe", "right"):
            return .actions(counts.map { count in
                ActionSpec(gesture: "lg-swipe-\(motion)-\(count)", definition: ImportedGesture.define("swipe", [("fingers", ImportedGesture.int(count)), ("direction", .string(motion))]),
                           command: run)
            }, note: nil)
        case ("swipe", _):
            return .skipped("gestured's swipes go up, down, left or right; there is no diagonal `\(motion)`")
        case ("pinch", "in"), ("pinch", "out"):
            let spec = ActionSpec(
                gesture: "lg-pinch", definition: ImportedGesture.define("magnify"), trigger: .update(ActionStep(.scale, size: pinchStep)),
                command: motion == "out" ? run : nil, back: motion == "in" ? run : nil)
            return .actions([spec], note: "runs at every \(pinchStep) of scale while pinching\(motion == "in" ? " in" : " out"), not once at the end\(fingers.map { "; any number of fingers, not just \($0)" } ?? "")")
        case ("pinch", "clockwise"), ("pinch", "anticlockwise"):
            let spec = ActionSpec(
                gesture: "lg-twist", definition: ImportedGesture.define("rotate"), trigger: .update(ActionStep(.angle, size: twistStep)),
                command: motion == "clockwise" ? run : nil, back: motion == "anticlockwise" ? run : nil)
            return .actions([spec], note: "runs at every \(Int(twistStep))° turned, not once at the end\(fingers.map { "; any number of fingers, not just \($0)" } ?? "")")
        case ("hold", "on"):
            return .actions(counts.map { count in
                ActionSpec(gesture: "lg-hold-\(count)", definition: ImportedGesture.define("hold", [("fingers", ImportedGesture.int(count))]), trigger: .began, command: run)
            }, note: nil)
        case ("hold", let delayed) where delayed.hasPrefix("on+"):
            guard let seconds = Double(delayed.dropFirst(3)), seconds > 0, seconds <= 60 else { return .skipped("expected `hold on+SECONDS`") }
            return .actions(counts.map { count in
                ActionSpec(
                    gesture: "lg-hold-\(count)-\(delayed.dropFirst(3))s",
                    definition: ImportedGesture.define("longPress", [("minimumDuration", .number(seconds)), ("fingers", ImportedGesture.int(count))]),
                    trigger: .began, command: run)
            }, note: "a long press of \(delayed.dropFirst(3)) s with \(counts.map(String.init).joined(separator: " or ")) fingers")
        default:
            return .skipped("`\(action) \(motion)` is not a gesture libinput-gestures knows")
        }
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        var slice = Substring(self)
        while let first = slice.first, characters.contains(first) { slice.removeFirst() }
        while let last = slice.last, characters.contains(last) { slice.removeLast() }
        return String(slice)
    }

    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
