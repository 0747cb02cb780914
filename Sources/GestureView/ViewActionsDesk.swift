import GestureActions
import GestureCommandLine
import GestureImport
import GestureKeys
import GesturePipeline
import GestureRunner
import GestureWire
import Glibc
import Posix
import YAML

/// The Actions panel of `gesturectl view`: the user's one actions file read, checked, added to,
/// saved and undone, and the action being tried. Only that file is ever written (the page
/// names no path); a save carries the version of the file the page read, and one made after
/// the file changed on disk is refused. The page never runs anything: a tried action is only
/// said (``trial``), and the runner (`gesturectl actions`) reloads the saved file by itself.
public actor ViewActionsDesk {
    /// The actions file.
    let path: String
    /// The recorded strokes file (nil: the default one), for stroke gestures' names.
    let strokesPath: String?
    /// The file's text before the last save and the version that save wrote: what Undo puts back.
    var undo: (before: String?, written: String)?
    /// The action being tried: a file of that one action, and its `define:` when it has one.
    public private(set) var trial: ActionsFile?
    /// The user's file with the tried action added at its end, as a save would make it: what
    /// runs when the gesture is done — the file's own actions on that gesture too (issue 60).
    /// Nil when the file does not read.
    private(set) var trialWithFile: ActionsFile?
    /// Changes each time the file or the trial changes, so the view's trackers know to start again.
    var generation = 0
    /// The shape being recorded from the live touches (`stroke`), nil when none is.
    var recording: StrokeRecording?
    /// The applications in front when a gesture ended, the latest first (at most 8), and the
    /// desktop that said so (nil: none could be asked), for `when:`.
    private(set) var apps: [String] = []
    var desktop: String?

    /// A desk for the actions file at `path`.
    public init(path: String, strokesPath: String? = nil) {
        self.path = path
        self.strokesPath = strokesPath
    }

    /// Answers one of the page's requests (``ViewServer/Actions``).
    public func answer(_ verb: String, _ body: JSONValue?) throws -> JSONValue {
        switch verb {
        case "list": return try list()
        case "check": return try check(body)
        case "try": return try tryOut(body)
        case "save": return try save(body)
        case "undo": return try undoSave(body)
        case "import": return try importFile(body)
        case "stroke": return try recordStroke(body)
        case "key": return try keyName(body)
        default: throw ViewRefusal(status: 404, "no such request: \(verb)")
        }
    }

    /// The file now: its text (nil: there is none yet).
    func text() throws -> String? {
        // (No `catch where`: Swift 6.0.3 crashes on it after a typed throw.)
        do {
            return try FileReader.text(path)
        } catch {
            if error.reason == "no such file" { return nil }
            throw error
        }
    }

    /// The file as the runner reads it, or nil when it does not read (or is not there).
    public func file() -> ActionsFile? {
        guard let text = try? text(), let strokes = try? UserStrokes.load(strokesPath) else { return nil }
        return try? ActionsFile.parse(text, file: path, strokes: strokes)
    }

    /// The daemon's configured gestures, as `gesturectl actions --check` reads them.
    static func configured() throws -> [BindingSpec] {
        try RecordingLoader.config(RecordingLoader.daemonConfigPath(nil)).bindings
    }

    /// `list`: the file's actions (each with `--check`'s line, its gesture and line, whether it
    /// consumes), its mistakes as `--check` says them (or the one that keeps it from reading),
    /// its version, and whether Undo has something to put back.
    func list() throws -> JSONValue {
        let text = try text()
        var fields: [(String, JSONValue)] = [
            ("path", .string(path)), ("shown", .string(UserConfigHome.shown(path))), ("version", .string(ActionsFileEdit.version(of: text))), ("exists", .bool(text != nil)),
            ("apps", .array(apps.map(JSONValue.string))), ("desktop", desktop.map(JSONValue.string) ?? .null),
        ]
        fields.append(("undo", .bool(undo.map { $0.written == ActionsFileEdit.version(of: text) } ?? false)))
        // The runners of this file, and whether each has read it as it is now.
        let runners = RunnerStatus.folder().map { RunnerStatus.read(running: path, in: $0) } ?? []
        fields.append(("runners", .array(runners.map { runner in
            .object([
                ("pid", .number(Double(runner.pid))), ("actions", .number(Double(runner.actions))),
                ("current", .bool(runner.version == ActionsFileEdit.version(of: text))), ("mistake", runner.mistake.map(JSONValue.string) ?? .null),
            ])
        })))
        guard let text else {
            fields += [("actions", .array([])), ("mistakes", .array([]))]
            return .object(fields)
        }
        let file: ActionsFile
        do {
            file = try ActionsFile.parse(text, file: path, strokes: try UserStrokes.load(strokesPath))
        } catch {
            fields += [("actions", .array([])), ("mistakes", .array([.string(inPanel("\(error)"))])), ("unreadable", .bool(true))]
            return .object(fields)
        }
        let checked = ActionsCheck(file, configured: try Self.configured())
        var problems: [(line: Int?, text: String)] = []
        for problem in checked.problems { problems.append((problem.line, inPanel(problem.description))) }
        let actions = file.actions.indices.map { index -> JSONValue in
            let action = file.actions[index]
            return .object([
                ("line", action.line.map { .number(Double($0)) } ?? .null), ("gesture", .string(action.gesture)),
                ("text", .string(checked.line(index, of: file))), ("consumes", .bool(file.consumes(action.gesture))),
                ("mistakes", .array(problems.filter { $0.line != nil && $0.line == action.line }.map { .string($0.text) })),
            ])
        }
        fields += [("actions", .array(actions)), ("mistakes", .array(problems.map { .string($0.text) }))]
        if let layout = checked.layout { fields.append(("layout", .string(layout))) }
        return .object(fields)
    }

    /// A mistake as the panel says it: the panel names its one file at the top, so a message
    /// about it begins `line 5:` rather than with the file's whole path; any other path under
    /// the user's home is written with `~` (issue 60).
    nonisolated func inPanel(_ text: String) -> String {
        var text = text
        if text.hasPrefix(path + ":") {
            let rest = text.dropFirst(path.count + 1)
            let digits = rest.prefix { $0.isNumber }
            text = !digits.isEmpty && rest.dropFirst(digits.count).hasPrefix(":")
                ? "line " + rest : String(rest.drop { $0 == " " })
        }
        guard let home = ProcessEnvironment.current["HOME"], home.count > 1 else { return text }
        return text.replacing(home + "/", with: "~/")
    }

    /// `key`: the xkb name of the key at a browser's `code` (its place) on the user's layout —
    /// the file's `keyboard:`, else the one the runner finds — for a key the browser can only
    /// call "Dead" (a dead key) or "Unidentified".
    func keyName(_ body: JSONValue?) throws -> JSONValue {
        guard let code = body?["code"]?.stringValue else { throw ViewRefusal(status: 400, "the body has no `code` (the key's place, as the browser names it)") }
        guard let evdev = BrowserKeyCodes.evdev(code) else { throw ViewRefusal(status: 422, "the key at \(code) cannot be named here; write its xkb name in the file (docs/ACTIONS.md, \"Keys\")") }
        let environment = ProcessEnvironment.current
        let layout = file()?.keyboard.map { KeyboardLayout(layout: $0.layout, variant: $0.variant, model: $0.model, options: $0.options, source: "`keyboard:` in \(path)") }
            ?? KeyboardLayout.detect(environment: environment, home: environment["HOME"])
        let keymap: Keymap
        do {
            keymap = try Keymap(layout)
        } catch {
            throw ViewRefusal(status: 422, error.message)
        }
        guard let name = keymap.name(ofCode: evdev) else { throw ViewRefusal(status: 422, "the key at \(code) types nothing on keyboard layout \(layout)") }
        return .object([("name", .string(name)), ("layout", .string("\(layout)"))])
    }

    /// Notes `app` as the application in front when a gesture ended.
    func noteApp(_ app: String) {
        guard apps.first != app else { return }
        apps.removeAll { $0 == app }
        apps.insert(app, at: 0)
        if apps.count > 8 { apps.removeLast() }
    }

    /// Says which desktop tells the application in front.
    public func setDesktop(_ name: String?) {
        desktop = name
    }

    /// The page's draft (`action`) as an action: a `define:` made from `exactly` (an event's
    /// value) when it is given, under a name the daemon has not configured.
    func draft(_ body: JSONValue?) throws -> ActionDraft {
        guard case .object(var fields) = body?["action"] else { throw ViewRefusal(status: 400, "the body has no `action` object") }
        guard let exactly = body?["action"]?["exactly"], exactly != .null else { return try ActionDraft(json: .object(fields)) }
        // "This one exactly": a definition of what was done, named after it unless the page
        // names it, under a name neither the daemon nor the file has, recognized beside the
        // configured gestures (a swipe the daemon also configures would otherwise take the
        // touches from it).
        guard let made = ActionsFileEdit.definition(of: exactly, priority: "simultaneous") else { throw ViewRefusal(status: 400, "that gesture cannot be defined from what was done") }
        let named = fields.contains { $0.0 == "gesture" }
        if !named { fields.append(("gesture", .string(made.name))) }
        var draft = try ActionDraft(json: .object(fields))
        draft.define = made.define
        let taken = Set(try Self.configured().map(\.name) + (file()?.actions.map(\.gesture) ?? []))
        if taken.contains(draft.gesture) {
            var name = "my-" + made.name
            var number = 2
            while taken.contains(name) {
                name = "my-\(made.name)-\(number)"
                number += 1
            }
            draft.gesture = name
        }
        return draft
    }

    /// The file with `entries` added, as it would be saved, and the file it reads as.
    func added(_ entries: [[String]]) throws -> (text: String, file: ActionsFile, before: String?) {
        let before = try text()
        let strokes = try UserStrokes.load(strokesPath)
        let text = try ActionsFileEdit.appending(entries: entries, to: before ?? Self.newFile, file: path, strokes: strokes)
        return (text, try ActionsFile.parse(text, file: path, strokes: strokes), before)
    }

    /// What a file made by the page starts as.
    static let newFile = "# What gestured's gestures do (docs/ACTIONS.md); gesturectl view adds to it.\nversion: 1\nactions: []\n"

    /// `check`: the draft as the lines it adds, `--check`'s line for it, and its mistakes.
    func check(_ body: JSONValue?) throws -> JSONValue {
        let draft = try draft(body)
        let made = try added([draft.entry])
        let checked = ActionsCheck(made.file, configured: try Self.configured())
        let index = made.file.actions.count - 1
        let line = made.file.actions[index].line
        // What the file already runs for that gesture: every one of them runs beside the new one.
        let others = made.file.actions.indices.dropLast().filter { made.file.actions[$0].gesture == draft.gesture }
        return .object([
            ("gesture", .string(draft.gesture)), ("yaml", .string(Self.yaml(draft.entry))), ("text", .string(checked.line(index, of: made.file))),
            ("consumes", .bool(made.file.consumes(draft.gesture))), ("others", .array(others.map { .string(checked.line($0, of: made.file)) })),
            ("mistakes", .array(checked.problems.filter { ($0.line ?? 0) >= (line ?? 0) }.map { .string($0.message) })),  // the draft's own place: no file or line
        ])
    }

    /// The entry as the file will have it.
    static func yaml(_ entry: [String]) -> String {
        let comments = entry.prefix { $0.hasPrefix("#") }
        let body = entry.dropFirst(comments.count)
        return (comments + (body.first.map { ["- " + $0] } ?? []) + body.dropFirst().map { "  " + $0 }).joined(separator: "\n")
    }

    /// `try`: the draft becomes the action tried; the page is told what it would run when its
    /// gesture is next done (``ViewTrackers``). Returns `check`'s answer. `action: null` ends
    /// the trial.
    func tryOut(_ body: JSONValue?) throws -> JSONValue {
        guard body?["action"] != nil, body?["action"] != .null else {
            trial = nil
            trialWithFile = nil
            generation += 1
            return .object([("trial", .null)])
        }
        let draft = try draft(body)
        let text = "version: 1\nactions:\n" + Self.yaml(draft.entry).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n"
        let file = try ActionsFile.parse(text, file: "the action tried", strokes: try UserStrokes.load(strokesPath))
        trial = file
        trialWithFile = try? added([draft.entry]).file
        generation += 1
        return try check(body)
    }

    /// Refuses a change from a page that read another version of the file than the one on disk.
    func requireVersion(_ body: JSONValue?, _ text: String?) throws {
        guard let version = body?["version"]?.stringValue else { throw ViewRefusal(status: 400, "the body has no `version` (the file's, as the page read it)") }
        let now = ActionsFileEdit.version(of: text)
        guard version == now else {
            throw ViewRefusal(status: 409, "\(UserConfigHome.shown(path)) changed on disk since this page read it; nothing was saved: the list now shows the file as it is; save again to add the action to it")
        }
    }

    /// Writes `text` over the file (its folders made when missing) and keeps `before` for Undo.
    func write(_ text: String, before: String?) throws {
        do {
            try TextFile.makeParentFolders(of: LinkChain.target(path))
            try TextFile.replace(text, at: path)  // through a symbolic link to its target
        } catch {
            throw ViewRefusal(status: 500, "\(error)")
        }
        undo = (before, ActionsFileEdit.version(of: text))
        trial = nil
        trialWithFile = nil
        generation += 1
    }

    /// `save`: the draft added at the end of the file's list, the rest kept byte for byte.
    func save(_ body: JSONValue?) throws -> JSONValue {
        let draft = try draft(body)
        let made = try added([draft.entry])
        try requireVersion(body, made.before)
        try write(made.text, before: made.before)
        return try saved(made.file.actions.count - 1)
    }

    /// The list after a change, with the line of the action `index` added.
    func saved(_ index: Int?) throws -> JSONValue {
        guard case .object(var fields) = try list() else { return .null }
        if let index, let line = file()?.actions[index].line { fields.append(("added", .number(Double(line)))) }
        return .object(fields)
    }

    /// `undo`: the file as it was before the last save, when nothing changed it since.
    func undoSave(_ body: JSONValue?) throws -> JSONValue {
        let now = try text()
        guard let undo, undo.written == ActionsFileEdit.version(of: now) else {
            throw ViewRefusal(status: 409, undo == nil ? "nothing to undo: this page saved nothing" : "\(UserConfigHome.shown(path)) changed on disk after the save; it is left as it is")
        }
        try requireVersion(body, now)
        if let before = undo.before {
            do {
                try TextFile.replace(before, at: path)
            } catch {
                throw ViewRefusal(status: 500, "\(error)")
            }
        } else {
            unlink(LinkChain.target(path))  // the file the save made, not a link to it
        }
        self.undo = nil
        generation += 1
        return try saved(nil)
    }
}
