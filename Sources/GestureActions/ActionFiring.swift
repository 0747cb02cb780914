import GesturePipeline
import GestureWire

/// An action to run now, as ``ActionTracker`` decides: which one, which of its commands, and
/// the gesture event that caused it (for the command's environment).
public struct ActionFiring: Sendable, Equatable {
    /// The action's index in its file.
    public var action: Int
    /// Its `back:` command (a step backward) rather than its main one.
    public var isBack: Bool
    /// The end of what its `on: began` holds: the keys or buttons it pressed come up (the
    /// instance ended or failed).
    public var isRelease: Bool
    /// The gesture instance.
    public var instance: Int64
    /// The event's fields, as the daemon sent them.
    public var event: ActionEvent

    /// Creates a firing.
    public init(action: Int, isBack: Bool = false, isRelease: Bool = false, instance: Int64, event: ActionEvent) {
        self.action = action
        self.isBack = isBack
        self.isRelease = isRelease
        self.instance = instance
        self.event = event
    }

    /// What it runs, in a few words, for people watching (`gesturectl view`'s action lines, the
    /// overlay's cards): the command's words, `sh -c '…'`, the keys, or the window action.
    public func summary(of spec: ActionSpec) -> String {
        switch isBack ? spec.back : spec.command {
        case .argv?, .shell?: (isBack ? spec.back : spec.command)?.commandLine ?? ""
        case .input(let input)?: input.summary + (isRelease ? " (released)" : "")
        case .window(let action)?: "window \(action)"
        case nil: "nothing"
        }
    }
}
