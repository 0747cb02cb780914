import GestureCore

/// A client that sees other seats after a session change or a reload, as
/// ``SubscriptionRouter/seatChanges()`` finds it (nothing applied yet).
public struct SeatChange: Hashable, Sendable {
    /// The router's client id.
    public var client: Int
    /// What it saw.
    public var old: SeatAccess
    /// What it sees from now on.
    public var new: SeatAccess
    /// Why (for the `paused` message: the decision's text).
    public var decision: AccessDecision
    /// The devices it no longer sees, in id order.
    public var lost: [DeviceID]
    /// The devices it sees now and did not before, in id order.
    public var gained: [DeviceID]

    /// Whether it saw something and now sees nothing: it is paused.
    public var pauses: Bool { !old.isEmpty && new.isEmpty }
    /// Whether it saw nothing and now sees something: it resumes.
    public var resumes: Bool { old.isEmpty && !new.isEmpty }
}
