/// The four phases without their payloads.
public enum PhaseKind: String, Hashable, Sendable, CaseIterable {
    /// Watching touches; nothing recognized yet.
    case possible
    /// Recognized and in progress.
    case active
    /// Finished successfully.
    case ended
    /// Finished without success.
    case failed

    /// Whether the phase is final until the recognizer is reset (`ended` or `failed`).
    @inlinable public var isTerminal: Bool { self == .ended || self == .failed }
}
