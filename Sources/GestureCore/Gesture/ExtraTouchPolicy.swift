/// What a gesture does when more fingers touch than it takes.
public enum ExtraTouchPolicy: String, Hashable, Sendable, CaseIterable {
    /// Fail with ``FailureReason/extraTouch`` (SwiftUI's behaviour, the default).
    case fail
    /// Keep following the first fingers and ignore later ones.
    case ignore
}
