import GesturePipeline
import GestureWire

/// One entry of an actions file: a gesture, when, and what to run.
///
/// A new key of an action goes in six places, each checked: its field here; its name in
/// ``ActionsReader/actionKeys`` and its reading in `ActionsReader` (a mistake names its line);
/// `ActionsWriter` (GestureImport: what the importers write, read back by the reader in its
/// tests); `ActionsSettings.describe` (GestureRunner: `actions --check`'s line for an action);
/// docs/ACTIONS.md's key table (`ActionKeysDocTests` fails on a key it does not name); and the
/// CLI transcripts that show it (`Fixtures/cli`, `GESTURED_CLI_UPDATE=1`).
public struct ActionSpec: Sendable, Equatable {
    /// The gesture's name: a configured gesture, or the one `definition` defines.
    public var gesture: String
    /// The gesture defined right in the actions file (an entry in the configuration's syntax,
    /// named `gesture`), sent to the daemon with `define`; nil for a configured gesture.
    public var definition: JSONValue?
    /// When it runs.
    public var trigger: ActionTrigger
    /// Only while this application is in front (`when:`); nil: whatever is.
    public var when: ActionCondition?
    /// What runs (for `update`: on each step forward; nil for an `update` action that runs
    /// only on steps backward).
    public var command: ActionCommand?
    /// For `update`: what runs on each step backward (nil: nothing).
    public var back: ActionCommand?
    /// Seconds a run may take before it is stopped (SIGTERM, then SIGKILL 2 s later); nil: no limit.
    public var timeout: Double?
    /// What happens when it fires while the previous run still goes.
    public var overlap: ActionOverlap
    /// Whether its gesture's touches are kept from the desktop (`consume:`); nil: as
    /// ``ActionsFile/consumes(_:)`` decides by default.
    public var consume: Bool?
    /// For a stroke gesture: only when it drew one of these shapes (`stroke:`); nil: any.
    public var strokes: [String]?
    /// Where it stands in its file.
    public var line: Int?
    /// Where its `on:` stands (nil: no `on:`, so `ended`).
    public var triggerLine: Int?
    /// Where its `stroke:` stands.
    public var strokesLine: Int?

    /// Whether an event of its gesture with `value` is one it runs for: any, unless it picks
    /// strokes (`stroke:`) and the value is not one of them.
    public func accepts(_ value: JSONValue?) -> Bool {
        guard let strokes else { return true }
        guard value?["kind"]?.stringValue == "stroke", let name = value?["name"]?.stringValue else { return false }
        return strokes.contains(name)
    }

    /// Creates an action.
    public init(
        gesture: String, definition: JSONValue? = nil, trigger: ActionTrigger = .ended, when: ActionCondition? = nil, command: ActionCommand?,
        back: ActionCommand? = nil, timeout: Double? = nil, overlap: ActionOverlap = .drop, line: Int? = nil
    ) {
        self.gesture = gesture
        self.definition = definition
        self.trigger = trigger
        self.when = when
        self.command = command
        self.back = back
        self.timeout = timeout
        self.overlap = overlap
        self.line = line
    }
}
