/// What an event's actions know of the focus when the tracker decides which `when:` matches.
public enum FocusContext: Hashable, Sendable {
    /// No focus provider for this desktop: every `when:` entry is skipped, the others run.
    case unknown
    /// The focused window (nil: none, e.g. an empty workspace).
    case window(FocusedWindow?)
}
