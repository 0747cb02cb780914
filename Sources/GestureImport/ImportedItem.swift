import GestureActions
import GesturePipeline
/// One line of another tool's configuration, as an importer read it: the actions it became,
/// or why it has no equivalent.
public struct ImportedItem: Sendable, Equatable {
    /// Its line in the imported file (1-based).
    public var line: Int
    /// The line as it was written.
    public var text: String
    /// What it became (as an actions file can say it: see ``init(line:text:outcome:)``).
    public var outcome: Outcome {
        didSet { outcome = Self.writable(outcome) }
    }

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

    /// Creates an item. A step's keys are taps (a step backward clicks and scrolls with
    /// `backButtons:`, `backWheel:` and `backHwheel:`, which `make fuzz` once found written as
    /// clicks on the steps forward).
    public init(line: Int, text: String, outcome: Outcome) {
        self.line = line
        self.text = text
        self.outcome = Self.writable(outcome)
    }

    /// `outcome` as an actions file can say it. A gesture's name is judged by the rule the
    /// actions file's reader judges it with (ConfigReader): a name made from the imported text
    /// that the reader would refuse makes the line a skip that says why, not a file that fails.
    static func writable(_ outcome: Outcome) -> Outcome {
        guard case .actions(var specs, let note) = outcome else { return outcome }
        for spec in specs {
            if let problem = ConfigReader.nameProblem(spec.gesture) { return .skipped("the gesture's name \(ConfigReader.quoted(spec.gesture)) \(problem)") }
        }
        for index in specs.indices {
            guard case .input(var input)? = specs[index].back else { continue }
            input.hold = true
            specs[index].back = .input(input)
        }
        return .actions(specs, note: note)
    }
}
