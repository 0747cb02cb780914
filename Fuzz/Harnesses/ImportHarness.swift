import GestureActions
import GestureImport
import GesturePipeline

/// Another tool's configuration, read by each importer (libinput-gestures, fusuma, touchegg,
/// InputActions).
/// The invariant: whatever an importer makes of a file renders to an actions file that reads
/// back with every action as it was (gesturectl import refuses to write one that does not, as a bug).
enum ImportHarness {
    static func run(_ data: UnsafeRawBufferPointer) {
        let text = String(decoding: data, as: UTF8.self)
        var imports = [("libinput-gestures", LibinputGesturesImporter.read(text))]
        if let items = try? FusumaImporter.read(text) { imports.append(("fusuma", items)) }
        if let items = try? ToucheggImporter.read(text) { imports.append(("touchegg", items)) }
        if let items = try? InputActionsImporter.read(text) { imports.append(("inputactions", items)) }
        for (tool, items) in imports {
            let expected = items.flatMap { item -> [ActionSpec] in
                if case .actions(let actions, _) = item.outcome { return actions }
                return []
            }
            do {
                let file = try ActionsFile.parse(ActionsWriter.render(items, origin: tool), file: "fuzz.yml")
                Invariant.check(file.actions.count == expected.count, "\(tool): \(expected.count) actions imported, \(file.actions.count) read back")
                for (written, read) in zip(expected, file.actions) {
                    Invariant.check(
                        written.gesture == read.gesture && written.trigger == read.trigger && written.command == read.command && written.back == read.back
                            && written.overlap == read.overlap,
                        "\(tool): \(written) read back as \(read)")
                }
            } catch {
                Invariant.check(false, "\(tool): the imported actions do not read back: \(error)")
            }
        }
    }
}
