/// A gesture event as the overlay takes it: whose instance, where, how it stands.
public struct OverlayGesture: Sendable, Equatable {
    /// Where an instance stands.
    public enum Phase: Sendable, Equatable {
        /// Recognized and under way: its card shows, with its cue.
        case active
        /// Done: its card confirms, then fades.
        case ended
        /// It stopped without ending: a card that was showing fades in the fail colour.
        case failed
    }

    /// The gesture's name (`swipe-left-3`).
    public var name: String
    /// The daemon's id for this instance.
    public var instance: Int64
    /// The device it is on.
    public var device: Int64
    /// Where it stands.
    public var phase: Phase
    /// Why it failed (`noMatch`, `cancelled`, …), for `failed`.
    public var reason: String?
    /// What its value shows, if anything.
    public var cue: OverlayCue?

    /// An event.
    public init(name: String, instance: Int64, device: Int64, phase: Phase, reason: String? = nil, cue: OverlayCue? = nil) {
        self.name = name
        self.instance = instance
        self.device = device
        self.phase = phase
        self.reason = reason
        self.cue = cue
    }
}
