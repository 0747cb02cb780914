import GestureActions
import GestureImport
import GesturePipeline
import GestureWire
import Posix
import YAML

/// Another tool's file imported in the Actions panel, as `gesturectl import` reads it.
extension ViewActionsDesk {
    /// `import`: another tool's file (`name`, `text`) as the actions it makes, with each line
    /// not imported and each note; with `accept: true` (and the list's `version`), those
    /// actions are added at the end of the file, as `save` adds one, under the comments
    /// `gesturectl import` writes. Imported again, it merges: an action the file has already is
    /// said and left out, a gesture the file defines already is used by name. A gesture on the
    /// same fingers as one the file already acts on under another name is named (`clashes`)
    /// before the import is accepted: both would run.
    func importFile(_ body: JSONValue?) throws -> JSONValue {
        guard let dropped = body?["text"]?.stringValue else { throw ViewRefusal(status: 400, "the body has no `text` (the file to import)") }
        let name = body?["name"]?.stringValue ?? "the dropped file"
        guard let format = ImportFormat.guess(ImportFormat.plain(dropped, for: nil)) else {
            throw ViewRefusal(status: 422, "\(name) is not a libinput-gestures, fusuma, touchegg or InputActions file gestured can tell")
        }
        let text = ImportFormat.plain(dropped, for: format)
        var items: [ImportedItem]
        do {
            switch format {
            case .libinputGestures: items = LibinputGesturesImporter.read(text, environment: ProcessEnvironment.current)
            case .fusuma: items = try FusumaImporter.read(text)
            case .touchegg: items = try ToucheggImporter.read(text)
            case .inputActions: items = try InputActionsImporter.read(text)
            }
        } catch let failure as YAMLSource.Failure {
            throw ViewRefusal(status: 422, "\(name)\(failure.line.map { ":\($0)" } ?? ""): \(failure.problem)")
        } catch let failure as XMLReader.Failure {
            throw ViewRefusal(status: 422, "\(name):\(failure.line): \(failure.problem)")
        }
        items = ImportCheck.typable(items, tool: format.rawValue)
        let merged = try merge(items)
        items = merged.items
        let entries = ActionsWriter.entries(items, origin: "\(format.rawValue): \(name)", defined: merged.defined)
        let count = entries.filter { $0.contains { !$0.hasPrefix("#") } }.count
        var notes: [JSONValue] = []
        for item in items {
            switch item.outcome {
            case .skipped(let reason): notes.append(.string("line \(item.line): not imported: \(reason)"))
            case .actions(_, let note?): notes.append(.string("line \(item.line): \(note)"))
            case .actions(_, nil): break
            }
        }
        notes += merged.already.map { JSONValue.string($0) }
        var fields: [(String, JSONValue)] = [
            ("format", .string(format.rawValue)), ("yaml", .string(entries.map(Self.yaml).joined(separator: "\n"))),
            ("count", .number(Double(count))), ("notes", .array(notes)), ("clashes", .array(merged.clashes.map(JSONValue.string))),
        ]
        guard body?["accept"] == .bool(true) else { return .object(fields) }
        guard count > 0 else {
            // Imported again: nothing new is nothing written, and that is no mistake.
            guard !merged.already.isEmpty else { throw ViewRefusal(status: 422, "\(name) makes no action to add") }
            guard case .object(let listed) = try list() else { return .null }
            return .object(fields + listed)
        }
        let made = try added(entries)
        try requireVersion(body, made.before)
        try write(made.text, before: made.before)
        guard case .object(let listed) = try list() else { return .null }
        fields += listed
        return .object(fields)
    }

    /// The imported items less the actions the file has already (each said in `already`), with
    /// the gestures the file defines (used by name), and each imported gesture on the same
    /// fingers as another the file acts on (`clashes`). A gesture the file defines otherwise
    /// under the same name is refused: which one is meant cannot be told.
    func merge(_ items: [ImportedItem]) throws -> (items: [ImportedItem], defined: Set<String>, already: [String], clashes: [String]) {
        guard let file = file() else { return (items, [], [], []) }
        func plain(_ action: ActionSpec) -> ActionSpec {
            var action = action
            (action.definition, action.line, action.triggerLine, action.strokesLine) = (nil, nil, nil, nil)
            return action
        }
        func named(_ definition: JSONValue, _ name: String) -> JSONValue {
            guard case .object(let pairs) = definition else { return definition }
            return .object([("name", .string(name))] + pairs.filter { $0.0 != "name" })
        }
        func spec(_ definition: JSONValue, _ name: String) -> GestureSpec? {
            try? GestureConfig.definitions([named(definition, name)]).bindings.first?.gesture
        }
        // What the file acts on: each gesture's spec, its first action's line.
        var defined: [String: JSONValue] = [:]
        for action in file.actions { if let definition = action.definition, defined[action.gesture] == nil { defined[action.gesture] = definition } }
        let configured = (try? Self.configured()) ?? []
        var acted: [(name: String, spec: GestureSpec, line: Int?)] = []
        for action in file.actions where !acted.contains(where: { $0.name == action.gesture }) {
            let found = defined[action.gesture].flatMap { spec($0, action.gesture) } ?? configured.first { $0.name == action.gesture }?.gesture
            if let found { acted.append((action.gesture, found, action.line)) }
        }
        var already: [String] = []
        var clashes: [String] = []
        var kept = items
        for index in kept.indices {
            guard case .actions(let actions, let note) = kept[index].outcome else { continue }
            var left: [ActionSpec] = []
            for action in actions {
                if let definition = action.definition, let theirs = defined[action.gesture], spec(theirs, action.gesture) != spec(definition, action.gesture) {
                    throw ViewRefusal(status: 422, "line \(kept[index].line) defines `\(action.gesture)`, which the file defines otherwise (line \(file.actions.first { $0.gesture == action.gesture }?.line ?? 0)); rename one of them first")
                }
                if let same = file.actions.first(where: { plain($0) == plain(action) }) {
                    already.append("line \(kept[index].line): already in the file (line \(same.line ?? 0)), left out")
                    continue
                }
                left.append(action)
                guard defined[action.gesture] == nil, let mine = action.definition.flatMap({ spec($0, action.gesture) }),
                      let other = acted.first(where: { $0.name != action.gesture && $0.spec.sharesFingers(with: mine) }) else { continue }
                let clash = "line \(kept[index].line): `\(action.gesture)` is \(mine.kindPhrase) on the same fingers as `\(other.name)`, which the file already acts on (line \(other.line ?? 0)): both would run"
                if !clashes.contains(clash) { clashes.append(clash) }
            }
            kept[index].outcome = .actions(left, note: note)
        }
        return (kept, Set(defined.keys), already, clashes)
    }
}
