import GestureActions
import GesturePipeline
import GestureWire

/// What `gesturectl view` saves (issue 60): an action added to the user's actions file by
/// ``ActionsFileEdit``, and the page's draft (``ActionDraft``) made into an action's lines. The
/// input's first byte chooses: even, the rest is an actions file an action is added to; odd,
/// the rest is the page's JSON draft, added to a small file.
/// The invariants: nothing a file or a draft holds stops the process; an edit that is offered
/// keeps every action the file had as the reader read it, adds exactly the one, and leaves the
/// file's own lines as they were (the added lines taken out, the text is the file's, a final
/// line end aside).
enum EditHarness {
    static let entry = ["gesture: fuzz-added", "keys: super+Up"]
    static let file = "# mine\r\nversion: 1\r\nactions:\r\n  - gesture: swipe-left-3\r\n    shell: |\r\n      echo a\r\n      # b\r\n"

    static func run(_ data: UnsafeRawBufferPointer) {
        guard let first = data.first else { return }
        let rest = UnsafeRawBufferPointer(rebasing: data.dropFirst())
        let text = String(decoding: rest, as: UTF8.self)
        if first % 2 == 0 {
            edit(text, [entry])
        } else {
            guard let json = try? JSONParser.parse(text), let draft = try? ActionDraft(json: json) else { return }
            edit(file, [draft.entry])
        }
    }

    static func edit(_ text: String, _ entries: [[String]]) {
        guard let result = try? ActionsFileEdit.appending(entries: entries, to: text, file: "fuzz.yml") else { return }
        do {
            let before = try ActionsFile.parse(text, file: "fuzz.yml")
            let after = try ActionsFile.parse(result, file: "fuzz.yml")
            Invariant.check(after.actions.count == before.actions.count + entries.count, "\(before.actions.count) actions became \(after.actions.count)")
            Invariant.check(Array(after.actions.prefix(before.actions.count)) == before.actions, "an action the file had reads differently after the edit")
            // (`actions: []` loses its brackets: that line is the edit's own.)
            guard entries == [entry], !text.contains("[]"), !text.contains("[ ]") else { return }
            // The file's own lines, in order, with their own ends (a last line without an end
            // gets one): the result without the two lines added.
            let strip = { (line: String) in String(line.drop { $0 == " " }.drop { $0 == "-" }.drop { $0 == " " }) }
            let added = Set(entry)
            var original = try FileLines(text)
            guard !original.lines.contains(where: { added.contains(strip($0)) }) else { return }
            if let last = original.ends.indices.last, original.ends[last].isEmpty { original.ends[last] = "" }
            let kept = try FileLines(result)
            let remaining = kept.lines.indices.filter { !added.contains(strip(kept.lines[$0])) }
            Invariant.check(remaining.map { kept.lines[$0] } == original.lines, "the file's own lines changed")
            Invariant.check(zip(remaining.map { kept.ends[$0] }, original.ends).allSatisfy { $0 == $1 || $1.isEmpty }, "the file's line ends changed")
        } catch {
            Invariant.check(false, "an offered edit does not read back: \(error)")
        }
    }
}
