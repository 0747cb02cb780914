/// What one engine call produced: the events in order, and when to call
/// ``GestureEngine/advance(to:)`` next (nil: only when input arrives).
public struct EngineOutput: Hashable, Sendable {
    /// The events, in announcement order.
    public var events: [GestureEvent]
    /// The next deadline.
    public var nextDeadline: Timestamp?

    /// Creates an output.
    public init(events: [GestureEvent], nextDeadline: Timestamp?) {
        self.events = events
        self.nextDeadline = nextDeadline
    }
}
