/// Remembers what one node's observers have been told about the current instance, so each
/// phase is announced once and in order: `possible` when the instance starts, then every
/// change of the effective phase, and every frame with a new `active` value.
public struct AnnouncementTracker: Sendable {
    /// What one frame brings.
    public struct Announcement: Sendable {
        /// A new instance started being watched (announce `possible`).
        public var startedInstance = false
        /// The effective phase changed to a new case.
        public var phaseChanged = false
        /// The effective phase is `active` with a value not yet announced.
        public var valueChanged = false
    }

    var delivered: PhaseKind?
    var dirty = false
    var started = false

    /// Creates a tracker with nothing announced.
    public init() {}

    /// The node's recognizer consumed input, time or a failure this frame.
    public mutating func touched() {
        dirty = true
        started = true
    }

    /// Forgets the instance.
    public mutating func reset() {
        delivered = nil
        dirty = false
        started = false
    }

    /// What to announce now that the effective phase is `kind`.
    public mutating func next(_ kind: PhaseKind) -> Announcement {
        var result = Announcement()
        if delivered == nil {
            guard started else { return result }
            result.startedInstance = true
            delivered = .possible
        }
        if kind != delivered {
            result.phaseChanged = true
            delivered = kind
        }
        result.valueChanged = kind == .active && (dirty || result.phaseChanged)
        dirty = false
        return result
    }
}
