/// What the daemon does with a client, by ``ResolvedAccessList/decide(uid:groups:daemonUID:sessions:)``.
public enum AccessDecision: Hashable, Sendable {
    /// Served, seeing the devices of these seats (never an empty set).
    case serve(SeatAccess)
    /// Allowed by the list, but its user has no active session on any seat: a new connection
    /// is refused, a connected client is paused. The text says why, for the client.
    case inactive(String)
    /// Not in the `access:` list. The text says why, for the client.
    case refused(String)

    /// The seats it sees (none unless served).
    public var seats: SeatAccess {
        if case .serve(let seats) = self { return seats }
        return .none
    }
}
