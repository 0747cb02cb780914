import GestureActions
import GestureClient
import GestureCommandLine
import GestureWire

/// What `gesturectl view` says its actions do: an ``ActionTracker`` over the user's actions
/// file (what `gesturectl actions` would run, each a line in the page's event list) and one
/// over the action tried in the Actions panel (what it would run, said and never run).
struct ViewTrackers {
    /// The desk's generation the trackers were made for (-1: make them again).
    var generation = -1
    var file: ActionsFile?
    var trial: ActionsFile?
    /// The file with the tried action added (what a save makes), whose actions the trial runs:
    /// the tried one is its last.
    var trialWithFile: ActionsFile?
    var tracker: ActionTracker?
    var trialTracker: ActionTracker?

    /// Makes the trackers again when the desk's file or trial changed, and subscribes to what
    /// they define.
    mutating func update(from desk: ViewActionsDesk?, link: DaemonLink) async {
        guard let desk, await desk.generation != generation else { return }
        generation = await desk.generation
        file = await desk.file()
        trial = await desk.trial
        trialWithFile = trial == nil ? nil : await desk.trialWithFile ?? trial
        tracker = file.map { ActionTracker(actions: $0.actions) }
        trialTracker = trialWithFile.map { ActionTracker(actions: $0.actions) }
        await link.define([file, trial].compactMap { $0 })
    }

    /// The page's messages for `update` at `now` with the window `focus` in front: an `action`
    /// line per action the file runs, a `trial` line per action the tried one would run.
    mutating func handle(_ update: GestureUpdate, at now: Double, focus: FocusContext = .unknown) -> [String] {
        let event = ActionEvent(
            gesture: update.gesture, instance: update.instance, device: update.device, phase: update.phase, reason: update.reason,
            value: update.value, state: update.state, isSnapshot: update.isSnapshot)
        let time = update.json["time"]?.doubleValue ?? 0
        var messages: [String] = []
        if let file, let firings = tracker?.handle(event, at: now, focus: file.needsDesktop ? focus : .unknown) {
            for firing in firings {
                let text = Self.actionLine(firing, spec: file.actions[firing.action], time: time)
                messages.append(JSONValue.object([("view", "action"), ("text", .string(text))]).serialized)
            }
        }
        if let trial = trialWithFile, let tried = trial.actions.indices.last,
           case let firings = (trialTracker?.handle(event, at: now, focus: trial.needsDesktop ? focus : .unknown) ?? []).filter({ trial.actions[$0.action].gesture == trial.actions[tried].gesture }),
           let first = firings.first {
            // One line an event of the tried gesture: the tried action (the file's last) first,
            // then each one the file already has on that gesture.
            let parts = firings.sorted { ($0.action == tried ? -1 : $0.action) < ($1.action == tried ? -1 : $1.action) }.map { firing in
                let spec = trial.actions[firing.action]
                return firing.summary(of: spec) + (firing.action == tried ? "" : " (line \(spec.line ?? 0), already in the file)")
            }
            let text = "\(trial.actions[first.action].gesture)#\(first.instance) \(update.phase.rawValue): would run \(parts.joined(separator: "; and "))"
            messages.append(JSONValue.object([("view", "trial"), ("text", .string(text))]).serialized)
        }
        return messages
    }

    /// Forgets the instances in flight (the daemon went away).
    mutating func reset() {
        tracker?.reset()
        trialTracker?.reset()
    }

    /// An action's line in the page's list: when, which instance, and what the file runs.
    static func actionLine(_ firing: ActionFiring, spec: ActionSpec, time: Double) -> String {
        let what = firing.summary(of: spec)
        return GestureEventText.pad(GestureEventText.format(time, 3) + "s", 9)
            + "  action  \(spec.gesture)#\(firing.instance)  line \(spec.line ?? 0)\(firing.isBack ? " back" : ""): \(what)"
    }
}
