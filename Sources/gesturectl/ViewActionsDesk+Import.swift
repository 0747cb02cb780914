import GestureActions
import GestureImport
import GestureView
import GestureWire
import Posix
import YAML

/// Another tool's file imported in the Actions panel, as `gesturectl import` reads it.
extension ViewActionsDesk {
    /// `import`: another tool's file (`name`, `text`) as the actions it makes, with each line
    /// not imported and each note; with `accept: true` (and the list's `version`), those
    /// actions are added at the end of the file, as `save` adds one.
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
        items = ImportOutput.typable(items, tool: format.rawValue)
        let entries = ActionsWriter.entries(items)
        var notes: [JSONValue] = []
        for item in items {
            switch item.outcome {
            case .skipped(let reason): notes.append(.string("line \(item.line): not imported: \(reason)"))
            case .actions(_, let note?): notes.append(.string("line \(item.line): \(note)"))
            case .actions(_, nil): break
            }
        }
        var fields: [(String, JSONValue)] = [
            ("format", .string(format.rawValue)), ("yaml", .string(entries.map(Self.yaml).joined(separator: "\n"))),
            ("count", .number(Double(entries.count))), ("notes", .array(notes)),
        ]
        guard body?["accept"] == .bool(true) else { return .object(fields) }
        guard !entries.isEmpty else { throw ViewRefusal(status: 422, "\(name) makes no action to add") }
        let made = try added(entries)
        try requireVersion(body, made.before)
        try write(made.text, before: made.before)
        guard case .object(let listed) = try list() else { return .null }
        fields += listed
        return .object(fields)
    }
}
