import GestureCore
import GesturePipeline
import GestureWire
import YAML

/// Changes to an actions file's text that keep every byte outside what they change: its
/// comments, its order, its blank lines, its other actions as written. What `gesturectl view`
/// saves when a user binds a gesture there (issue 51); each result is read back by the actions
/// file's one reader before it is offered, so a change never writes a file the runner refuses.
public enum ActionsFileEdit {
    /// `text` with one more action at the end of its `actions:` list: `entry` is that action's
    /// mapping as YAML lines without indentation (`["gesture: swipe-left-3", "keys: super+Right"]`),
    /// indented as the list's other entries are. A file that has a mistake now is refused with
    /// it (fix it first); so is a list written in flow style with entries (`[ {…} ]`).
    public static func appending(_ entry: [String], to text: String, file: String, strokes: [StrokeTemplate] = []) throws -> String {
        try appending(entries: [entry], to: text, file: file, strokes: strokes)
    }

    /// `text` with `entries` added at the end of its `actions:` list, in order, as
    /// ``appending(_:to:file:strokes:)`` adds one. Where the list ends is YAML's own answer (the
    /// last entry's last line, a block scalar's lines that look like comments included), the
    /// file's line ends (CR LF) and byte-order mark are kept, and the result is read back: every
    /// action the file had must read exactly as before, or nothing is offered (issue 60).
    /// An entry's first lines that begin with `#` are comments written above its `- ` at the
    /// list's indentation (what `gesturectl import` says of each line); an entry of comments
    /// alone is written as they are, and adds no action.
    public static func appending(entries: [[String]], to text: String, file: String, strokes: [StrokeTemplate] = []) throws -> String {
        let actions = entries.filter { entry in entry.contains { !$0.hasPrefix("#") } }
        guard !actions.isEmpty, entries.allSatisfy({ !$0.isEmpty }) else { throw ConfigError(file: file, line: nil, "nothing to add") }
        let before = try ActionsFile.parse(text, file: file, strokes: strokes)
        var lines: FileLines
        do {
            lines = try FileLines(text)
        } catch {
            throw ConfigError(file: file, line: error.line, "\(error); nothing can be added to it as it is")
        }
        guard let root = try YAMLSource.compose(text), let pair = root.mapping?.first(where: { $0.key.string == "actions" }),
              lines.lines.indices.contains(pair.key.line - 1) else {
            throw ConfigError(file: file, line: nil, "expected an `actions:` list")
        }
        let keyIndex = pair.key.line - 1
        let keyIndent = pair.key.column
        let items = pair.value.sequence ?? []
        let written: (indent: Int, at: Int)
        if let last = items.last, !pair.value.isFlow {
            // A block list: after its last entry's last line (a dash alone on its line, or at
            // the key's own column, is a block list too).
            written = (pair.value.column, min(last.lastLine, lines.lines.count))
        } else if items.isEmpty, let open = lines.lines[keyIndex].firstRange(of: "[]") ?? lines.lines[keyIndex].firstRange(of: "[ ]") {
            // `actions: []`: the brackets go, the entries follow the key.
            var key = String(lines.lines[keyIndex][..<open.lowerBound])
            while key.hasSuffix(" ") { key.removeLast() }
            lines.lines[keyIndex] = key + lines.lines[keyIndex][open.upperBound...]  // a comment after the brackets stays
            written = (keyIndent + 2, keyIndex + 1)
        } else {
            throw ConfigError(file: file, line: pair.key.line, "the `actions:` list is written in flow style ([…]); write it as a block list (`- gesture: …` lines) to add to it")
        }
        let pad = String(repeating: " ", count: written.indent)
        var added: [String] = []
        for entry in entries {
            let comments = entry.prefix { $0.hasPrefix("#") }
            let body = entry.dropFirst(comments.count)
            for comment in comments { added.append(pad + comment) }
            if let first = body.first { added.append(pad + "- " + first) }
            for line in body.dropFirst() { added.append(pad + "  " + line) }
        }
        lines.insert(added, at: written.at)
        let result = lines.text
        let after = try ActionsFile.parse(result, file: file, strokes: strokes)
        guard after.actions.count == before.actions.count + actions.count else {
            throw ConfigError(file: file, line: written.at + 1, "the action written there is not read as one more action")
        }
        if let index = before.actions.indices.first(where: { before.actions[$0] != after.actions[$0] }) {
            let changed = before.actions[index]
            throw ConfigError(file: file, line: changed.line, "adding there would change how this action reads (`\(changed.gesture)`); nothing was written: add the action by hand")
        }
        guard before.overlay == after.overlay, before.keyboard == after.keyboard else {
            throw ConfigError(file: file, line: written.at + 1, "adding there would change the rest of the file; nothing was written: add the action by hand")
        }
        return result
    }

    /// "This one exactly": the `define:` of a gesture like the one a value describes (an event's
    /// `value`: its kind, fingers, direction, edge, taps, shape), in flow style, and a name for
    /// it (`swipe-left-3`); nil for a value that says too little (a long press's `pressed`).
    /// With `priority` (`simultaneous`) it is recognized beside the configured gestures
    /// instead of competing with them for the touches (CONFIG.md, "Competition").
    public static func definition(of value: JSONValue, priority: String? = nil) -> (name: String, define: String)? {
        guard let (name, gesture) = gesture(of: value) else { return nil }
        return (name, "{ \(gesture)\(priority.map { ", priority: \($0)" } ?? "") }")
    }

    /// The name and the recognizer's part of ``definition(of:priority:)``: `swipe: { … }`.
    static func gesture(of value: JSONValue) -> (name: String, gesture: String)? {
        guard let kind = value["kind"]?.stringValue else { return nil }
        let fingers = value["fingers"]?.intValue ?? 1
        guard (1...10).contains(fingers) else { return nil }
        switch kind {
        case "swipe":
            guard let direction = value["direction"]?.stringValue, ["left", "right", "up", "down"].contains(direction) else { return nil }
            return ("swipe-\(direction)-\(fingers)", "swipe: { direction: \(direction), fingers: \(fingers) }")
        case "edgeSwipe":
            guard let edge = value["edge"]?.stringValue, ["left", "right", "top", "bottom"].contains(edge) else { return nil }
            return ("edge-\(edge)-\(fingers)", "edgeSwipe: { edge: \(edge), fingers: \(fingers) }")
        case "tap":
            let count = value["count"]?.intValue ?? 1
            return ("tap-\(count)x\(fingers)", "tap: { count: \(count), fingers: \(fingers) }")
        case "hold": return ("hold-\(fingers)", "hold: { fingers: \(fingers) }")
        case "drag": return ("drag-\(fingers)", "drag: { fingers: \(fingers) }")
        case "magnify": return ("pinch-\(max(fingers, 2))", "magnify: { fingers: \(max(fingers, 2)) }")
        case "rotate": return ("rotate-\(max(fingers, 2))", "rotate: { fingers: \(max(fingers, 2)) }")
        case "stroke":
            guard let shape = value["name"]?.stringValue, !shape.isEmpty, shape.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { return nil }
            return ("stroke-\(shape)", "stroke: { shapes: [\(shape)], fingers: \(fingers) }")
        default: return nil
        }
    }

    /// A short name for a file's exact bytes (64-bit FNV-1a, hex; `absent` for no file): what
    /// the page sends back with a save, so a file changed on disk since it was read is noticed.
    public static func version(of text: String?) -> String {
        guard let text else { return "absent" }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
