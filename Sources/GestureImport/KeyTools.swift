import CLibevdev
import GestureActions
import GesturePipeline

/// Commands of the tools people use to send keys — xdotool (X11 only), ydotool (its own root
/// daemon), wtype (only where the compositor speaks the virtual-keyboard protocol) — as what
/// gestured's virtual keyboard types instead (`keys:`, `buttons:`, `wheel:`), which works on
/// every desktop with nothing else installed.
public enum KeyTools {
    /// What a command becomes.
    public enum Translation: Equatable, Sendable {
        /// It only sends keys, buttons or the wheel: this types the same.
        case input(ActionInput, note: String?)
        /// It is one of these tools, but does something the virtual keyboard cannot (move the
        /// pointer, type into a window by id, leave a key down): kept as the command, with why.
        case kept(String)
        /// It presses keys and leaves them down (`xdotool keydown alt key Tab`, fusuma's
        /// `begin:` of alt+tab): `held` to hold from a gesture's start, then `typed` once.
        case holds(held: String, typed: ActionInput?)
        /// It only lets go of keys (`xdotool keyup alt`, the matching `end:`).
        case releases([String])
    }

    /// The translation of `words` (one command, no shell around it), or nil when it is not a
    /// key tool's.
    public static func translate(_ words: [String]) -> Translation? {
        guard let tool = words.first.map({ $0.split(separator: "/").last.map(String.init) ?? $0 }) else { return nil }
        switch tool {
        case "xdotool": return xdotool(Array(words.dropFirst()))
        case "ydotool": return ydotool(Array(words.dropFirst()))
        case "wtype": return wtype(Array(words.dropFirst()))
        default: return nil
        }
    }

    /// `command` typed once even on `on: began` (`hold: false`): what a command that sent keys
    /// did, whenever it ran.
    public static func once(_ command: ActionCommand) -> ActionCommand {
        guard case .input(var input) = command else { return command }
        input.hold = false
        return .input(input)
    }

    /// `command` as the virtual keyboard's input when it is a key tool's command that
    /// translates, with a note saying so (or why it was kept as a command).
    public static func carry(_ command: ActionCommand) -> (ActionCommand, note: String?) {
        let words: [String]?
        switch command {
        case .argv(let argv): words = argv
        case .shell(let line): words = line.contains(where: { "|;&$`<>(){}".contains($0) }) ? nil : ShellWords.split(line)
        case .input, .window: words = nil
        }
        guard let words, let translation = translate(words) else { return (command, nil) }
        switch translation {
        case .input(let input, let note):
            let tool = words[0].split(separator: "/").last.map(String.init) ?? words[0]
            return (.input(input), "typed by gestured's virtual keyboard instead of \(tool), on every desktop" + (note.map { "; " + $0 } ?? ""))
        case .kept(let why):
            return (command, "kept as a command: \(why)")
        case .holds(let held, _):
            return (command, "kept as a command: it leaves \(held) down; gestured lets go of every key when a gesture ends, so hold keys with `on: began` and `keys:` instead")
        case .releases(let keys):
            return (command, "kept as a command: it lets go of \(keys.joined(separator: "+")), which gestured's own `on: began` holds let go of by themselves")
        }
    }

    /// A shell line that is a single key-tool command (no pipes, no `;`, no `&&`, no variables).
    public static func translate(shell line: String) -> Translation? {
        guard !line.contains(where: { "|;&$`<>(){}".contains($0) }), let words = ShellWords.split(line), !words.isEmpty else { return nil }
        return translate(words)
    }

    /// Keys held down while a chain of them runs, for a `key` in it: `keydown alt key Tab keyup alt` is `alt+Tab`.
    struct Chain {
        var held: [String] = []
        /// Held keys with which something was typed (their release types nothing of its own).
        var used: Set<String> = []
        var input = ActionInput()
        /// Each typed key with what was held then.
        var taps: [(held: [String], key: String)] = []

        mutating func tap(_ key: String) {
            // `+` joins names in `keys:`: the key itself is `plus`.
            let key = key == "+" ? "plus" : key
            input.keys.append((held + [key]).joined(separator: "+"))
            taps.append((held, key))
            used.formUnion(held)
        }

        /// The typed keys without what stays held at the end (held by an `on: began` action).
        var typedBeside: ActionInput {
            var typed = input
            typed.keys = taps.map { tap in (tap.held.filter { !held.contains($0) } + [tap.key]).joined(separator: "+") }
            return typed
        }
        mutating func down(_ key: String) {
            if !held.contains(key) { held.append(key) }
            used.remove(key)
        }

        /// Lets go of `key`: pressed and let go with nothing typed meanwhile, it was typed itself
        /// (with what was held before it); else it only ends what it held. False when not held.
        mutating func release(_ key: String) -> Bool {
            guard held.contains(key) else { return false }
            let typed = used.contains(key)
            _ = up(key)
            if !typed { tap(key) }
            return true
        }
        mutating func up(_ key: String) -> Bool {
            guard let at = held.firstIndex(of: key) else { return false }
            held.remove(at: at)
            return true
        }
    }

    /// xdotool's `key`, `keydown`, `keyup`, `click`, `mousedown`, `mouseup`, chained in one
    /// command as xdotool chains them.
    static func xdotool(_ arguments: [String]) -> Translation {
        var chain = Chain()
        var rest = arguments[...]
        var notes: [String] = []
        var buttonsDown: [String] = []
        // A command of keyups alone lets go of keys pressed by another.
        var released: [String] = []
        let releasedOnly = arguments.allSatisfy { $0 == "keyup" || !xdotoolCommands.contains($0) } && arguments.first == "keyup"
        while let command = rest.popFirst() {
            // Options of key/click: --clearmodifiers (the virtual keyboard's own modifiers are
            // its own: nothing to clear), --delay, --repeat, --window (not possible).
            var repeatCount = 1
            while let option = rest.first, option.hasPrefix("--") {
                rest.removeFirst()
                switch option {
                case "--clearmodifiers": continue
                case "--delay", "--repeat-delay":
                    _ = rest.popFirst()
                    notes.append("\(option) is left out: the keys are typed at once")
                case "--repeat":
                    guard let count = rest.popFirst().flatMap({ Int($0) }), (1...20).contains(count) else { return .kept("xdotool --repeat needs a count from 1 to 20") }
                    repeatCount = count
                case "--window":
                    return .kept("xdotool --window sends to one X11 window; the virtual keyboard types where the focus is")
                default:
                    return .kept("xdotool \(command) \(option) has no equivalent")
                }
            }
            switch command {
            case "key", "keydown", "keyup":
                var names: [String] = []
                while let name = rest.first, !Self.xdotoolCommands.contains(name) {
                    rest.removeFirst()
                    guard !name.isEmpty, !name.split(separator: "+", omittingEmptySubsequences: false).contains(where: \.isEmpty) || name == "+" else {
                        return .kept("xdotool \(command) \"\(name)\" has an empty key name")
                    }
                    names.append(name)
                }
                guard !names.isEmpty else { return .kept("xdotool \(command) names no key") }
                guard chain.input.wheel == nil, chain.input.hwheel == nil else {
                    return .kept("the wheel and then keys in one command: the wheel would turn after them, not in their order")
                }
                for name in names {
                    switch command {
                    case "key": for _ in 0..<repeatCount { chain.tap(name) }
                    case "keydown": for part in name.split(separator: "+") { chain.down(String(part)) }
                    default:
                        for part in name.split(separator: "+").reversed() where !chain.release(String(part)) {
                            guard releasedOnly else { return .kept("xdotool keyup \(part) lets go of a key this command did not press") }
                            released.append(String(part))
                        }
                    }
                }
            case "click", "mousedown", "mouseup":
                guard let button = rest.popFirst(), Int(button) != nil else { return .kept("xdotool \(command) needs a button number") }
                guard chain.held.isEmpty else {
                    return .kept("a click with \(chain.held.joined(separator: "+")) held (ctrl+wheel zooms): `keys:` and `buttons:` are typed one after the other, not together")
                }
                // X11's buttons 4–7 are the wheel's detents: `wheel:`/`hwheel:`, which the
                // virtual keyboard turns (a `buttons:` entry is a button that can be held).
                let detent: (vertical: Bool, by: Int32)? = switch button {
                case "4": (true, 1)
                case "5": (true, -1)
                case "6": (false, -1)
                case "7": (false, 1)
                default: nil
                }
                if let detent {
                    guard command == "click" else { return .kept("xdotool \(command) \(button) holds a wheel detent, which cannot be held") }
                    guard chain.input.keys.isEmpty, chain.input.buttons.isEmpty else {
                        return .kept("keys or clicks and the wheel in one command: the wheel would turn after them, not in their order")
                    }
                    let turned = detent.by * Int32(repeatCount)
                    if detent.vertical { chain.input.wheel = (chain.input.wheel ?? 0) + turned } else { chain.input.hwheel = (chain.input.hwheel ?? 0) + turned }
                    continue
                }
                guard chain.input.wheel == nil, chain.input.hwheel == nil else {
                    return .kept("the wheel and then keys or clicks in one command: the wheel would turn after them, not in their order")
                }
                switch command {
                case "click": for _ in 0..<repeatCount { chain.input.buttons.append(button) }
                case "mousedown": buttonsDown.append(button)
                default:
                    guard let at = buttonsDown.firstIndex(of: button) else { return .kept("xdotool mouseup \(button) without its mousedown") }
                    buttonsDown.remove(at: at)
                    chain.input.buttons.append(button)
                }
            case "sleep":
                _ = rest.popFirst()
                notes.append("sleep is left out")
            default:
                return .kept("xdotool \(command) has no equivalent in the virtual keyboard (it types keys, clicks and turns the wheel; it does not move the pointer or find windows)")
            }
        }
        if releasedOnly, !released.isEmpty, chain.input == ActionInput(), chain.held.isEmpty, buttonsDown.isEmpty { return .releases(released) }
        guard chain.held.isEmpty, buttonsDown.isEmpty else {
            guard buttonsDown.isEmpty else { return .kept("the command leaves button \(buttonsDown.joined(separator: ", ")) down") }
            return .holds(held: chain.held.joined(separator: "+"), typed: chain.input == ActionInput() ? nil : chain.typedBeside)
        }
        guard chain.input != ActionInput() else { return .kept("xdotool with nothing to type") }
        guard abs(chain.input.wheel ?? 0) <= 20, abs(chain.input.hwheel ?? 0) <= 20 else { return .kept("more than 20 wheel detents at once") }
        return .input(chain.input, note: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    static let xdotoolCommands: Set<String> = ["key", "keydown", "keyup", "click", "mousedown", "mouseup", "sleep", "type", "mousemove", "search", "windowactivate"]

    /// ydotool 1.x's `key CODE:STATE …` (raw evdev codes, whatever the layout, as ydotool sent
    /// them) and `click 0xC0`; 0.1.x's `key ctrl+v` names.
    static func ydotool(_ arguments: [String]) -> Translation {
        guard let command = arguments.first else { return .kept("ydotool with nothing to do") }
        // Options (waits, mostly) are left out; those with a separate value take it along.
        var rest: [String] = []
        var words = arguments.dropFirst()
        while let word = words.popFirst() {
            if ["-d", "-H", "--key-delay", "--key-hold", "--next-delay", "-D", "-r", "--repeat"].contains(word) {
                _ = words.popFirst()
            } else if !word.hasPrefix("-") {
                rest.append(word)
            }
        }
        switch command {
        case "key":
            guard !rest.isEmpty else { return .kept("ydotool key names no key") }
            if rest.allSatisfy({ $0.contains(":") }) {
                var chain = Chain()
                for event in rest {
                    let parts = event.split(separator: ":")
                    guard parts.count == 2, let code = Int(parts[0]), (1...0x2ff).contains(code), let state = Int(parts[1]), state == 0 || state == 1 else {
                        return .kept("ydotool key \(event) is not CODE:STATE")
                    }
                    guard let known = libevdev_event_code_get_name(UInt32(0x01), UInt32(code)) else {
                        return .kept("ydotool key \(event): \(code) is not an evdev key code")
                    }
                    let name = String(cString: known)
                    if state == 1 {
                        chain.down(name)
                    } else if !chain.release(name) {
                        return .kept("ydotool key \(event) lets go of a key this command did not press")
                    }
                }
                guard chain.held.isEmpty else { return .kept("the command leaves keys down; gestured lets go of every key when a gesture ends") }
                return .input(chain.input, note: "evdev codes as ydotool sent them: the same keys whatever the layout")
            }
            guard !rest.contains(where: { $0.split(separator: "+", omittingEmptySubsequences: false).contains(where: \.isEmpty) }) else {
                return .kept("ydotool key names an empty key")
            }
            return .input(ActionInput(keys: rest), note: nil)
        case "click":
            // 0xC0 is a left click (down and up), 0xC1 right, 0xC2 middle.
            let buttons: [String: String] = ["0xC0": "left", "0xC1": "right", "0xC2": "middle", "0xc0": "left", "0xc1": "right", "0xc2": "middle"]
            guard let code = rest.first, let button = buttons[code] else { return .kept("ydotool click \(rest.first ?? ""): only clicks (0xC0 left, 0xC1 right, 0xC2 middle) are carried over") }
            return .input(ActionInput(buttons: [button]), note: nil)
        default:
            return .kept("ydotool \(command) has no equivalent in the virtual keyboard")
        }
    }

    /// wtype's `-M mod` (down), `-m mod` (up), `-k key` (typed), `-P key`/`-p key` (down, up),
    /// text (each character typed), `-s`/`-d` (waits, left out).
    static func wtype(_ arguments: [String]) -> Translation {
        var chain = Chain()
        var notes: [String] = []
        var rest = arguments[...]
        let modifiers = ["shift": "shift", "capslock": "Caps_Lock", "ctrl": "ctrl", "logo": "super", "win": "super", "alt": "alt", "altgr": "altgr"]
        while let word = rest.popFirst() {
            switch word {
            case "-M", "-m", "-k", "-P", "-p", "-s", "-d":
                guard let value = rest.popFirst(), !value.isEmpty else { return .kept("wtype \(word) needs a value") }
                switch word {
                case "-M":
                    guard let modifier = modifiers[value.lowercased()] else { return .kept("wtype -M \(value) is not a modifier wtype knows") }
                    chain.down(modifier)
                case "-m":
                    guard let modifier = modifiers[value.lowercased()], chain.release(modifier) else { return .kept("wtype -m \(value) lets go of a modifier this command did not press") }
                case "-k": chain.tap(value)
                case "-P": chain.down(value)
                case "-p": guard chain.release(value) else { return .kept("wtype -p \(value) lets go of a key this command did not press") }
                default: notes.append("\(word) \(value) (a wait) is left out")
                }
            case "-":
                return .kept("wtype - reads the text from its input")
            default:
                // Text: each character as a key (a space is `space`).
                for character in word { chain.tap(character == " " ? "space" : String(character)) }
            }
        }
        // wtype lets go of what is still held when it exits.
        chain.held.removeAll()
        guard chain.input != ActionInput() else { return .kept("wtype with nothing to type") }
        return .input(chain.input, note: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }
}
