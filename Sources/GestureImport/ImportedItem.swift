import GesturePipeline
/// One line of another tool's configuration, as an importer read it: the actions it became,
/// or why it has no equivalent.
public struct ImportedItem: Sendable, Equatable {
    /// Its line in the imported file (1-based).
    public var line: Int
    /// The line as it was written.
    public var text: String
    /// What it became.
    public var outcome: Outcome

    /// What became of a line.
    public enum Outcome: Sendable, Equatable {
        /// Actions that do what it did (a note says where they differ, if they do).
        case actions([ActionSpec], note: String?)
        /// Nothing: there is no equivalent, for the reason given.
        case skipped(String)

        /// The same with every action only while `when` holds (and `extra` noted).
        public func only(_ when: ActionCondition, noting extra: String) -> Outcome {
            guard case .actions(let specs, let note) = self else { return self }
            return Outcome.actions(specs.map { spec in
                var copy = spec
                copy.when = when
                return copy
            }, note: note).noting(specs.isEmpty ? nil : extra)
        }

        /// The same, with `extra` added to its note (actions only).
        public func noting(_ extra: String?) -> Outcome {
            guard let extra, case .actions(let specs, let note) = self else { return self }
            return .actions(specs, note: note.map { $0 + "; " + extra } ?? extra)
        }
    }

    /// Creates an item.
    public init(line: Int, text: String, outcome: Outcome) {
        self.line = line
        self.text = text
        self.outcome = outcome
    }
}
