import GesturePipeline

/// Decides, event by event, which actions of an actions file run: pure, with time passed in
/// (seconds on any monotonic clock) and deadlines handed back, so the runner owns every clock,
/// process and socket, and tests drive it frame by frame.
///
/// Per gesture instance it remembers whether `began` ran (and so, for keys it holds, that they
/// must come up at the end), where `update` steps stand, and when a `held` action repeats next.
/// An instance's memory goes with its `ended` or `failed` event, or with ``reset()`` when the
/// connection is lost (the daemon released the connection's keys then).
public struct ActionTracker: Sendable {
    /// The actions, as in their file.
    public let actions: [ActionSpec]
    /// The most steps one event may run per action: a value that leaps (a lost frame, a
    /// snapshot) runs a bounded burst, not hundreds of commands.
    public static let maximumStepsPerEvent = 20

    /// One action on one gesture instance: what the tracker's memory is kept by.
    struct Key: Hashable {
        /// The action's index in ``actions``.
        var action: Int
        /// The gesture instance's number.
        var instance: Int64
    }

    /// The instances whose `on: began` action ran (first `active`, not a snapshot): it runs
    /// once an instance, and the keys it holds come up with the instance's `ended` or `failed`.
    var began: Set<Key> = []
    /// Where each `update` action's steps are counted from: the value at the last step taken.
    var anchors: [Key: Double] = [:]
    /// When each `held` action runs again, and the event it repeats.
    var held: [Key: (due: Double, event: ActionEvent)] = [:]

    /// For each action of a gesture that has `when:` entries, the indices of all that gesture's
    /// actions, in file order (docs/ACTIONS.md, "Per application").
    let groups: [Int: [Int]]

    /// Tracks `actions`.
    public init(actions: [ActionSpec]) {
        self.actions = actions
        groups = Self.groups(actions)
    }

    /// The actions of each gesture that has `when:` entries, listed under every member.
    public static func groups(_ actions: [ActionSpec]) -> [Int: [Int]] {
        var result: [Int: [Int]] = [:]
        for (index, action) in actions.enumerated() where result[index] == nil {
            let members = actions.indices.filter { actions[$0].gesture == action.gesture }
            guard members.contains(where: { actions[$0].when != nil }) else { continue }
            for member in members { result[member] = members }
        }
        return result
    }

    /// Whether action `index` runs with `focus`: outside a group, always; in one, when its
    /// `when:` is the first of the gesture's (in file order) that matches the focused window —
    /// or, when none does (or nothing knows the focus), when it has no `when:`.
    func selected(_ index: Int, _ focus: FocusContext) -> Bool {
        guard let members = groups[index] else { return true }
        var chosen: ActionCondition?
        if case .window(let window) = focus {
            chosen = members.lazy.compactMap { self.actions[$0].when }.first { $0.matches(window) }
        }
        return actions[index].when == chosen
    }

    /// The actions `event` runs, in file order; `now` schedules the repeats of `held` actions;
    /// `focus` picks, in each group, the first entry whose `when:` matches (with no provider,
    /// `.unknown`: the entries without `when:`).
    public mutating func handle(_ event: ActionEvent, at now: Double, focus: FocusContext = .unknown) -> [ActionFiring] {
        var firings: [ActionFiring] = []
        // Held keys come up after everything else the end runs (touchegg's modifiers stay down
        // while its keys are typed at the end).
        var releases: [ActionFiring] = []
        let over = event.phase == .ended || event.phase == .failed
        for (index, action) in actions.enumerated() where action.gesture == event.gesture {
            let key = Key(action: index, instance: event.instance)
            let chosen = selected(index, focus) && action.accepts(event.value)
            let fire = { (back: Bool) in if chosen { firings.append(ActionFiring(action: index, isBack: back, instance: event.instance, event: event)) } }
            switch action.trigger {
            case .began:
                if event.phase == .active && !event.isSnapshot && chosen && began.insert(key).inserted { fire(false) }
            case .ended:
                if event.phase == .ended { fire(false) }
            case .failed:
                if event.phase == .failed { fire(false) }
            case .update(let step):
                guard event.phase != .failed, let measured = step.read(event.value) else { break }
                guard let anchor = anchors[key] else {
                    // A snapshot joins an instance already under way: count from where it is now.
                    let start = event.isSnapshot ? step.origin + (((measured - step.origin) / step.size).rounded(.towardZero) * step.size) : step.origin
                    anchors[key] = start
                    let stepped = steps(index, event, step, from: start, to: measured, key: key)
                    if !event.isSnapshot && chosen { firings += stepped }
                    break
                }
                let stepped = steps(index, event, step, from: anchor, to: measured, key: key)
                if chosen { firings += stepped }
            case .held(let interval):
                if event.phase == .active {
                    if let scheduled = held[key] {
                        held[key] = (scheduled.due, event)
                    } else if !event.isSnapshot && chosen {
                        held[key] = (now + interval, event)
                        fire(false)
                    }
                }
            }
            if over {
                // What `on: began` pressed comes up with the instance's end, whichever it is,
                // after the end's other actions, last pressed first.
                if began.contains(key), case .began = action.trigger, action.command?.input?.holds == true {
                    releases.append(ActionFiring(action: index, isRelease: true, instance: event.instance, event: event))
                }
                began.remove(key)
                anchors[key] = nil
                held[key] = nil
            }
        }
        return firings + releases.reversed()
    }

    mutating func steps(_ index: Int, _ event: ActionEvent, _ step: ActionStep, from anchor: Double, to measured: Double, key: Key) -> [ActionFiring] {
        var anchor = anchor
        var firings: [ActionFiring] = []
        while measured >= anchor + step.size {
            anchor += step.size
            if firings.count < Self.maximumStepsPerEvent && actions[index].command != nil {
                firings.append(ActionFiring(action: index, instance: event.instance, event: event))
            }
        }
        while measured <= anchor - step.size {
            anchor -= step.size
            if firings.count < Self.maximumStepsPerEvent && actions[index].back != nil {
                firings.append(ActionFiring(action: index, isBack: true, instance: event.instance, event: event))
            }
        }
        anchors[key] = anchor
        return firings
    }

    /// The `held` repeats due at `now`, in file order. One that is late runs once, and its
    /// next repeat is an interval from now: missed repeats are not made up in a burst.
    public mutating func advance(to now: Double) -> [ActionFiring] {
        var firings: [ActionFiring] = []
        for key in held.keys.sorted(by: { ($0.action, $0.instance) < ($1.action, $1.instance) }) {
            guard let (due, event) = held[key], due <= now, case .held(let interval) = actions[key.action].trigger else { continue }
            firings.append(ActionFiring(action: key.action, instance: key.instance, event: event))
            held[key] = (due + interval > now ? due + interval : now + interval, event)
        }
        return firings
    }

    /// When ``advance(to:)`` next has a repeat to run; nil when no `held` action is active.
    public var nextDeadline: Double? {
        held.values.map(\.due).min()
    }

    /// Forgets every instance: the connection to the daemon was lost, and with it every
    /// instance in flight (the daemon fails them; a new daemon knows none of them).
    public mutating func reset() {
        began.removeAll()
        anchors.removeAll()
        held.removeAll()
    }
}
