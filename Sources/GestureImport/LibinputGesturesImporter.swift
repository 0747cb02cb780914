import GestureActions
import GestureCore
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
    /// A twist runs once per this many degrees.
    public static let twistStep = 30.0

    /// Every line that says something, in order (comments and blank lines are left out).
    /// `environment` expands `~` and `$VAR` in each command's program, as libinput-gestures
    /// does when it reads its file.
    public static func read(_ text: String, environment: [String: String] = [:]) -> [ImportedItem] {
        var items: [ImportedItem] = []
        // Lines with a finger count win over the same gesture without one (its documentation).
        var counted: Set<String> = []
        // A gesture line repeated later replaces the earlier one, as in libinput-gestures.
        var latest: [String: Int] = [:]
        // A gesture line's outcome depends on the counts of lines after it: decided at the end.
        var gestures: [(item: Int, action: String, motion: String, fingers: Int?, command: String)] = []
        // Python reads a byte-order mark as part of the first word, and libinput-gestures
        // refuses the whole file for it; the line is meant without it, and that is said.
        let marked = text.unicodeScalars.first == "\u{FEFF}"
        let text = marked ? Substring(text.unicodeScalars.dropFirst()) : Substring(text)
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
                // A single digit is the count (libinput-gestures: `fingers.isdigit() and
                // len(fingers) == 1`), even with nothing after it.
                if let count = Int(rest[0]), rest[0].count == 1 {
                    fingers = count
                    rest.removeFirst()
                }
                // The command is the rest of the line as written (its own spacing and quotes).
                let command = Self.remainder(of: trimmed, after: words.count - rest.count + 1)
                guard !command.isEmpty else {
                    items.append(ImportedItem(line: line, text: trimmed, outcome: .skipped("no command configured (libinput-gestures refuses this line)")))
                    continue
                }
                if let fingers { counted.insert("\(action) \(motion) \(fingers)") }
                let key = "\(action) \(motion) \(fingers.map(String.init) ?? "any")"
                if let earlier = latest[key] {
                    let replaced = gestures.firstIndex { $0.item == earlier }!
                    gestures.remove(at: replaced)
                    items[earlier].outcome = .skipped("line \(line) binds `\(action) \(motion)\(fingers.map { " \($0)" } ?? "")` again, and libinput-gestures keeps the last")
                }
                latest[key] = items.count
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
            items[gesture.item].outcome = Self.outcome(
                gesture.action, gesture.motion, gesture.fingers, gesture.command, counted: counted, environment: environment)
        }
        func said(on line: String) -> String {
            "the file starts with a byte-order mark, which libinput-gestures reads as part of \(line) first word and refuses the file for (\"Configuration command … is not supported\"); read here without it"
        }
        if marked, let first = items.firstIndex(where: { $0.line == 1 }) {
            switch items[first].outcome {
            case .actions(let actions, let note): items[first].outcome = .actions(actions, note: said(on: "this line's") + (note.map { "; " + $0 } ?? ""))
            case .skipped(let reason): items[first].outcome = .skipped(reason + "; " + said(on: "this line's"))
            }
        } else if marked {
            items.insert(ImportedItem(line: 1, text: "a byte-order mark", outcome: .actions([], note: said(on: "line 1's"))), at: 0)
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

    /// libinput-gestures' diagonals, as gestured names them.
    static let diagonals = ["left_up": "upLeft", "right_up": "upRight", "left_down": "downLeft", "right_down": "downRight"]

    /// `~` at the start and `$VAR` or `${VAR}` anywhere, from `environment`; an unset variable
    /// stays as written (as Python's `expandvars` leaves it).
    static func expand(_ word: String, _ environment: [String: String]) -> String {
        var word = word
        if word == "~" || word.hasPrefix("~/"), let home = environment["HOME"] { word = home + word.dropFirst() }
        guard word.contains("$") else { return word }
        var result = ""
        var rest = Substring(word)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            var after = rest[rest.index(after: dollar)...]
            let braced = after.first == "{"
            if braced { after = after.dropFirst() }
            let name = after.prefix { $0 == "_" || $0.isLetter || $0.isNumber }
            let closed = !braced || after.dropFirst(name.count).first == "}"
            if !name.isEmpty, closed, let value = environment[String(name)] {
                result += value
                rest = after.dropFirst(name.count + (braced ? 1 : 0))
            } else {
                result += "$"
                rest = rest[rest.index(after: dollar)...]
            }
        }
        return result + rest
    }

    static func outcome(
        _ action: String, _ motion: String, _ fingers: Int?, _ command: String, counted: Set<String>, environment: [String: String]
    ) -> ImportedItem.Outcome {
        if fingers == 0 { return .skipped("a gesture has at least one finger") }
        if command.hasPrefix("_internal") {
            // libinput-gestures' own workspace switch (wmctrl, X11 only): `window:`, through
            // the desktop, wherever gestured can talk to it. Its workspaces are a grid of
            // `--cols` columns (default 1) in wmctrl's order: `ws_up` is the index plus a row,
            // the next workspace in a single column; `ws_left` the index plus one (without
            // `--cols`, the same as `ws_up`).
            let words = command.split(separator: " ").map(String.init)
            var columns = 1
            var move: String?
            var index = 1
            while index < words.count {
                let word = words[index]
                if word == "-c" || word == "--cols", index + 1 < words.count {
                    columns = Int(words[index + 1]) ?? 1
                    index += 2
                    continue
                }
                if word.hasPrefix("--cols=") { columns = Int(word.dropFirst(7)) ?? 1 } else if !word.hasPrefix("-") { move = word }
                index += 1
            }
            let target: WindowAction?
            switch move {
            case "ws_up" where columns == 1, "ws_left": target = .workspace(.next)
            case "ws_down" where columns == 1, "ws_right": target = .workspace(.previous)
            case "ws_up", "ws_down":
                return .skipped("`_internal --cols \(columns) \(move!)` moves \(columns) workspaces (a row of its grid); gestured's `window:` moves to the next or previous one only")
            default: target = nil
            }
            guard let target else {
                if let move, ["ws_left_up", "ws_left_down", "ws_right_up", "ws_right_down"].contains(move) {
                    return .skipped("`_internal \(move)` moves diagonally in a workspace grid, which gestured's `window:` does not; use your desktop's command (docs/ACTIONS.md)")
                }
                return .skipped("`_internal` knows ws_up, ws_down, ws_left and ws_right (and diagonals in a grid); use your desktop's command for others (docs/ACTIONS.md)")
            }
            // Without -w, libinput-gestures stops at the first and the last workspace, as gestured
            // does on X11; with -w it goes round, which gestured does only where the desktop's
            // own does (sway).
            let wraps = words.contains("-w") || words.contains("--wrap")
            let options = words.filter { $0.hasPrefix("-") && !["-c", "--cols", "-w", "--wrap"].contains($0) && !$0.hasPrefix("--cols=") }
            return translated(action, motion, fingers, .window(target), counted: counted).noting(
                "the \(target == .workspace(.next) ? "next" : "previous") workspace, as libinput-gestures' \(move!) (wmctrl's index \(target == .workspace(.next) ? "+" : "-") 1), through the desktop (sway, i3, X11 with EWMH), not wmctrl"
                    + (wraps ? "; -w left out: on X11 gestured stops at the first and last workspace (sway's own goes round)" : "")
                    + (options.isEmpty ? "" : "; \(options.joined(separator: " ")) left out"))
        }
        if command.hasPrefix("_drag") || action == "drag" {
            return .skipped("drag gestures move the pointer with a button held; gestured publishes gestures, it does not move the pointer")
        }
        guard var words = ShellWords.split(command), !words.isEmpty else { return .skipped("the command has a quote left open") }
        words[0] = expand(words[0], environment)
        // `xdotool key super+Left # next workspace`: libinput-gestures reads no comment after a
        // command and hands `#` and the words after it to xdotool as more keys, which it
        // cannot type. They were meant as a comment: left out, and said.
        var comment: String?
        if KeyTools.translate(words) != nil, let hash = words.indices.dropFirst().first(where: { words[$0].hasPrefix("#") }) {
            comment = words[hash...].joined(separator: " ")
            words.removeSubrange(hash...)
        }
        let (run, typed) = KeyTools.carry(.argv(words))
        return translated(action, motion, fingers, run, counted: counted).noting(typed).noting(comment.map {
            "`\($0)` left out as the comment it reads as (libinput-gestures would pass it to \(words[0].split(separator: "/").last ?? "") as more keys)"
        })
    }

    static func translated(_ action: String, _ motion: String, _ fingers: Int?, _ run: ActionCommand, counted: Set<String>) -> ImportedItem.Outcome {
        // Without a count, the gesture is for any number of fingers: 3 and 4 (fewer are
        // pointer motion and scrolling), except counts that have lines of their own.
        let counts = fingers.map { [$0] } ?? [3, 4].filter { !counted.contains("\(action) \(motion) \($0)") }
        switch (action, motion) {
        case ("swipe", "up"), ("swipe", "down"), ("swipe", "left"), ("swipe", "right"):
            return .actions(counts.map { count in
                ActionSpec(gesture: "lg-swipe-\(motion)-\(count)", definition: ImportedGesture.define("swipe", [("fingers", ImportedGesture.int(count)), ("direction", .string(motion))]),
                           command: run)
            }, note: nil)
        case ("swipe", let diagonal) where diagonals[diagonal] != nil:
            let direction = diagonals[diagonal]!
            return .actions(counts.map { count in
                ActionSpec(gesture: "lg-swipe-\(motion)-\(count)", definition: ImportedGesture.define("swipe", [("fingers", ImportedGesture.int(count)), ("direction", .string(direction))]),
                           command: run)
            }, note: nil)
        case ("pinch", "in"), ("pinch", "out"), ("pinch", "clockwise"), ("pinch", "anticlockwise"):
            // A pinch or a twist has its fingers' count, as a swipe has: two, three or four
            // (libinput's pinch takes two or more), the uncounted line each count without a
            // line of its own.
            let twist = motion == "clockwise" || motion == "anticlockwise"
            if let fingers, fingers < 2 { return .skipped("a \(twist ? "twist" : "pinch") takes two fingers or more") }
            let counts = fingers.map { [$0] } ?? [2, 3, 4].filter { !counted.contains("\(action) \(motion) \($0)") }
            guard !counts.isEmpty else { return .skipped("lines for 2, 3 and 4 fingers take every pinch \(motion)") }
            if let way = PinchDirection(rawValue: motion) {
                // Once, when the fingers lift: libinput-gestures runs a pinch's command at the
                // gesture's end, by which way it went.
                return .actions(counts.map { count in
                    ActionSpec(gesture: ImportedGesture.pinchName("lg", fingers: count, direction: way), definition: ImportedGesture.pinch(fingers: count, direction: way), command: run)
                }, note: nil)
            }
            let forward = motion == "clockwise"
            return .actions(counts.map { count in
                ActionSpec(
                    gesture: ImportedGesture.twistName("lg-twist", fingers: count), definition: ImportedGesture.twist(fingers: count),
                    trigger: .update(ActionStep(.angle, size: twistStep)), command: forward ? run : nil, back: forward ? nil : run)
            }, note: "runs at every \(Int(twistStep))° turned, not once at the end")
        case ("hold", "on"):
            // libinput-gestures ran it once as the hold began: keys are typed once, not held.
            return .actions(counts.map { count in
                ActionSpec(gesture: "lg-hold-\(count)", definition: ImportedGesture.define("hold", [("fingers", ImportedGesture.int(count))]), trigger: .began, command: KeyTools.once(run))
            }, note: nil)
        case ("hold", let delayed) where delayed.hasPrefix("on+"):
            let text = delayed.dropFirst(3)
            guard let seconds = decimal(text), seconds > 0, seconds <= 60 else { return .skipped("expected `hold on+SECONDS`") }
            return .actions(counts.map { count in
                ActionSpec(
                    gesture: "lg-hold-\(count)-\(text)s",
                    definition: ImportedGesture.define("longPress", [("minimumDuration", .number(seconds)), ("fingers", ImportedGesture.int(count))]),
                    trigger: .ended, command: run)
            }, note: "a long press of \(text) s with \(counts.map(String.init).joined(separator: " or ")) fingers, run when it is recognized")
        default:
            return .skipped("`\(action) \(motion)` is not a gesture libinput-gestures knows")
        }
    }

    /// A number as libinput-gestures writes a hold's delay (`1`, `1.5`, `.5`, `2e-1`), or nil.
    /// Only ASCII digits, a point, an exponent and signs: Swift's `Double(_:)` reads the text up
    /// to a NUL (`1\0…` reads as 1), and the text becomes part of the gesture's name.
    static func decimal(_ text: Substring) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && "0123456789.eE+-".contains($0) }) else { return nil }
        return Double(text)
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
