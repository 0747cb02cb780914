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

    struct Key: Hashable {
        var action: Int
        var instance: Int64
    }

    var began: Set<Key> = []
    var anchors: [Key: Double] = [:]
    var held: [Key: (due: Double, event: ActionEvent)] = [:]

    /// Tracks `actions`.
    public init(actions: [ActionSpec]) {
        self.actions = actions
    }

    /// The actions `event` runs, in file order; `now` schedules the repeats of `held` actions.
    public mutating func handle(_ event: ActionEvent, at now: Double) -> [ActionFiring] {
        var firings: [ActionFiring] = []
        // Held keys come up after everything else the end runs (touchegg's modifiers stay down
        // while its keys are typed at the end).
        var releases: [ActionFiring] = []
        let over = event.phase == .ended || event.phase == .failed
        for (index, action) in actions.enumerated() where action.gesture == event.gesture {
            let key = Key(action: index, instance: event.instance)
            let fire = { (back: Bool) in firings.append(ActionFiring(action: index, isBack: back, instance: event.instance, event: event)) }
            switch action.trigger {
            case .began:
                if event.phase == .active && !event.isSnapshot && began.insert(key).inserted { fire(false) }
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
                    if !event.isSnapshot { firings += steps(index, event, step, from: start, to: measured, key: key) }
                    break
                }
                firings += steps(index, event, step, from: anchor, to: measured, key: key)
            case .held(let interval):
                if event.phase == .active {
                    if let scheduled = held[key] {
                        held[key] = (scheduled.due, event)
                    } else if !event.isSnapshot {
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
