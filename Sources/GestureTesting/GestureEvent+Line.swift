import GestureCore

extension GestureEvent {
    /// A compact description for transcripts and assertions: `name phase` plus the reason of a
    /// failure, e.g. `pan failed(extraTouch)`.
    public var line: String {
        if let reason { return "\(name) \(phase.rawValue)(\(reason.rawValue))" }
        return "\(name) \(phase.rawValue)"
    }
}

extension Array where Element == GestureEvent {
    /// The events' ``GestureEvent/line``s.
    public var lines: [String] { map(\.line) }
}
