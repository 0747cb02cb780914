import GestureCore

/// Checks the engine's promise about instances as events arrive: each announced instance gets
/// zero or more `active` events then exactly one `ended` or `failed`, nothing after, never a
/// `possible`, never a failure without a reason, and time never runs backwards.
public struct EventLedger: Sendable {
    /// Broken promises, in the order they were seen.
    public private(set) var violations: [String] = []
    /// Instances announced and not yet finished, with their latest event.
    public private(set) var open: [InstanceID: GestureEvent] = [:]
    /// Instances that finished.
    public private(set) var finished: Set<InstanceID> = []
    var lastTime: Timestamp?

    /// Creates an empty ledger.
    public init() {}

    /// Checks and records events.
    public mutating func record(_ events: [GestureEvent]) {
        for event in events { record(event) }
    }

    /// Checks and records one event.
    public mutating func record(_ event: GestureEvent) {
        if let lastTime, event.time < lastTime {
            violations.append("\(event.name) \(event.instance): time went back from \(lastTime) to \(event.time)")
        }
        lastTime = event.time
        if finished.contains(event.instance) {
            violations.append("\(event.name) \(event.instance): \(event.phase) after the instance finished")
            return
        }
        switch event.phase {
        case .possible:
            violations.append("\(event.name) \(event.instance): a possible phase was published")
        case .active:
            open[event.instance] = event
        case .ended, .failed:
            if event.phase == .failed && event.reason == nil {
                violations.append("\(event.name) \(event.instance): failed without a reason")
            }
            open[event.instance] = nil
            finished.insert(event.instance)
        }
    }
}
