import Foundation
import GestureActions
import GestureImport
import GesturePipeline

/// The sample configurations in Fixtures/imports, and the parts of what an importer made of them.
enum ImportSample {
    static func text(_ name: String) -> String {
        try! String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/imports/" + name), encoding: .utf8)
    }
}

extension [ImportedItem] {
    func outcome(_ line: Int) -> ImportedItem.Outcome? { first { $0.line == line }?.outcome }

    /// Why the item at `line` was not imported, or "(imported)".
    func reason(_ line: Int) -> String {
        if case .skipped(let reason)? = outcome(line) { return reason }
        return "(imported)"
    }

    /// What the item at `line` became (none when it was skipped).
    func actions(_ line: Int) -> [ActionSpec] {
        if case .actions(let actions, _)? = outcome(line) { return actions }
        return []
    }

    /// The note on the item at `line`.
    func note(_ line: Int) -> String {
        if case .actions(_, let note)? = outcome(line) { return note ?? "" }
        return ""
    }
}
