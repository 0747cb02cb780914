import GestureActions
import GestureImport
import GestureRunner

/// What an import may write, for `gesturectl import` and the view's Actions panel alike.
public enum ImportCheck {
    /// `items` with every line whose keys, buttons or wheel `gesturectl actions --check` would
    /// refuse (the runner could not type them) turned into a line left out, with the check's
    /// reason: an import never writes a file its own checker refuses. The importers carry over
    /// what each tool would send; this catches what they do not yet know.
    public static func typable(_ items: [ImportedItem], tool: String) -> [ImportedItem] {
        func refusal(_ items: [ImportedItem]) -> String? {
            guard let file = try? ActionsFile.parse(ActionsWriter.render(items, origin: tool), file: "<import>") else { return nil }
            do {
                _ = try ActionKeys(file)
                return nil
            } catch {
                return error.problems.map(\.message).joined(separator: "; ")
            }
        }
        guard refusal(items) != nil else { return items }
        return items.map { item in
            guard case .actions = item.outcome, let why = refusal([item]) else { return item }
            var refused = item
            refused.outcome = .skipped("gestured's virtual keyboard could not type it: \(why)")
            return refused
        }
    }
}
