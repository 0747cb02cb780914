/// How a binding competes for touches, like SwiftUI's `.gesture`, `.highPriorityGesture` and
/// `.simultaneousGesture`.
public enum GesturePriority: String, Hashable, Sendable, CaseIterable {
    /// Competes; inner targets win over outer ones; among equals the first to activate wins.
    case normal
    /// Decides before every normal binding; outer targets win over inner ones.
    case high
    /// Never competes: runs alongside whatever wins, and is never preempted.
    case simultaneous
}
