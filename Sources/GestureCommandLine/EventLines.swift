import GestureClient
import GestureWire

/// The readable line for each event from the daemon, as `gesturectl subscribe` prints it and
/// `gesturectl view` lists it: a gesture's first `active`, its end or failure (every update with
/// ``updates``), devices, touches, reloads and connection news; nil for what has no line.
public struct EventLines {
    /// Every active update gets a line, not just an instance's first.
    public var updates = false
    /// The connection reconnects after a disconnection (said in its line).
    public var reconnects = true
    /// The daemon's socket, named in `connected` lines.
    public var path: String
    /// Instances whose first `active` was printed, by subscription, gesture and number (numbers
    /// count per gesture owner: a subscription's own definitions count apart).
    var started: Set<String> = []

    /// Lines for the daemon at `path`: every active update too with `updates`; `reconnects` says
    /// whether a disconnection is followed by another attempt.
    public init(path: String, updates: Bool = false, reconnects: Bool = true) {
        self.path = path
        self.updates = updates
        self.reconnects = reconnects
    }

    /// The line for `event`, or nil.
    public mutating func line(_ event: ClientEvent) -> String? {
        switch event {
        case .gesture(let update):
            let key = "\(update.subscription.map { "\($0.rawValue)" } ?? "-") \(update.instance) \(update.gesture)"
            let first = update.phase == .active && started.insert(key).inserted
            if update.phase != .active { started.remove(key) }
            return first || update.phase != .active || updates ? GestureEventText.line(update.json) : nil
        case .disconnected(let reason):
            started.removeAll()
            return "disconnected: \(reason)" + (reconnects ? "; reconnecting" : "")
        case .connected(let hello): return "connected to gestured \(hello.server) at \(path)"
        case .deviceAdded(let device): return "device added: " + EventText.device(device)
        case .deviceChanged(let device): return "device changed: " + EventText.device(device)
        case .deviceRemoved(let id): return "device removed: dev\(id)"
        case .touchpadGesture(let value): return "touchpad " + EventText.compact(value)
        case .touches(let value): return EventText.touches(value)
        case .configReloaded(let value): return "configuration reloaded: " + EventText.compact(value["gestures"] ?? .null)
        case .overflow(let value): return "overflow: " + (value["message"]?.stringValue ?? "")
        case .paused(_, let message): return "paused: \(message)"
        case .resumed(let devices): return "resumed: \(EventText.count(devices.count, "device"))"
        case .other(let value) where value["event"]?.stringValue == "trace": return EventText.trace(value)
        case .other(let value) where value["event"]?.stringValue == "left-out": return EventText.leftOut(value)
        case .other(let value) where value["event"]?.stringValue == "claims": return EventText.claims(value)
        case .serverError, .subscriptionRefused, .other: return nil
        }
    }
}
