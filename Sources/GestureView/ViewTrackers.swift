import GestureActions
import GestureClient
import GestureWire

/// What `gesturectl view` says its actions do, decided purely (time and focus passed in): an
/// ``ActionTracker`` over the user's actions file (what `gesturectl actions` would run: an
/// `action` message per action) and one over the action tried in the Actions panel (what it
/// would run, said and never run: a `trial` message). Each tracker keeps, per instance, what
/// it ran on `began` (``ActionTracker``'s `began`: the keys held until the end), so they are
/// made again only when the file or the trial changes (``ViewActionsDesk/generation``).
public struct ViewTrackers {
    /// The desk's generation the trackers were made for (-1: make them again).
    public var generation = -1
    /// The user's actions file, as last read.
    public private(set) var file: ActionsFile?
    /// The action tried in the Actions panel, alone.
    public private(set) var trial: ActionsFile?
    /// The file with the tried action added (what a save makes), whose actions the trial runs:
    /// the tried one is its last.
    public private(set) var trialWithFile: ActionsFile?
    var tracker: ActionTracker?
    var trialTracker: ActionTracker?

    /// Trackers over `file` and over `trialWithFile`, the file with the tried action last (nil:
    /// no trial).
    public init(file: ActionsFile? = nil, trial: ActionsFile? = nil, trialWithFile: ActionsFile? = nil) {
        set(file: file, trial: trial, trialWithFile: trialWithFile)
    }

    /// Starts again over these files (every instance in flight forgotten).
    public mutating func set(file: ActionsFile?, trial: ActionsFile?, trialWithFile: ActionsFile?) {
        self.file = file
        self.trial = trial
        self.trialWithFile = trial == nil ? nil : trialWithFile ?? trial
        tracker = file.map { ActionTracker(actions: $0.actions) }
        trialTracker = self.trialWithFile.map { ActionTracker(actions: $0.actions) }
    }

    /// The page's messages for `update` at `now` with the window `focus` in front: an `action`
    /// per action the file runs, a `trial` for what the tried action (and the file's actions on
    /// its gesture) would run.
    public mutating func handle(_ update: GestureUpdate, at now: Double, focus: FocusContext = .unknown) -> [ViewMessage] {
        let event = ActionEvent(
            gesture: update.gesture, instance: update.instance, device: update.device, phase: update.phase, reason: update.reason,
            value: update.value, state: update.state, isSnapshot: update.isSnapshot)
        let time = update.json["time"]?.doubleValue ?? 0
        var messages: [ViewMessage] = []
        if let file, let firings = tracker?.handle(event, at: now, focus: file.needsDesktop ? focus : .unknown) {
            for firing in firings {
                let spec = file.actions[firing.action]
                messages.append(.action(
                    gesture: spec.gesture, instance: firing.instance, line: spec.line ?? 0, back: firing.isBack, does: firing.summary(of: spec), time: time))
            }
        }
        if let trial = trialWithFile, let tried = trial.actions.indices.last,
           case let firings = (trialTracker?.handle(event, at: now, focus: trial.needsDesktop ? focus : .unknown) ?? []).filter({ trial.actions[$0.action].gesture == trial.actions[tried].gesture }),
           let first = firings.first {
            // One message an event of the tried gesture: the tried action (the file's last)
            // first, then each one the file already has on that gesture.
            let runs = firings.sorted { ($0.action == tried ? -1 : $0.action) < ($1.action == tried ? -1 : $1.action) }.map { firing in
                let spec = trial.actions[firing.action]
                return ViewMessage.Run(does: firing.summary(of: spec), line: firing.action == tried ? nil : spec.line ?? 0)
            }
            messages.append(.trial(gesture: trial.actions[first.action].gesture, instance: first.instance, phase: update.phase.rawValue, runs: runs))
        }
        return messages
    }

    /// Forgets the instances in flight (the daemon went away).
    public mutating func reset() {
        tracker?.reset()
        trialTracker?.reset()
    }
}

extension ViewTrackers {
    /// Makes the trackers again when the desk's file or trial changed, and subscribes through
    /// `link` to what they define.
    mutating func update(from desk: ViewActionsDesk?, link: DaemonLink) async {
        guard let desk, await desk.generation != generation else { return }
        generation = await desk.generation
        set(file: await desk.file(), trial: await desk.trial, trialWithFile: await desk.trialWithFile)
        await link.define([file, trial].compactMap { $0 })
    }
}
