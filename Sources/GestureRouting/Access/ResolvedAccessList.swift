import GesturePipeline

/// An ``AccessList`` with names turned into ids: what the daemon checks each connecting peer's
/// credentials (SO_PEERCRED) against, and, with the `active-session` policy, the seats' sessions.
public struct ResolvedAccessList: Hashable, Sendable {
    /// Whether only the active session's user is served.
    public var policy: AccessPolicy
    /// Whether the list restricts anything (false: everyone who can open the socket).
    public var restricted: Bool
    /// Allowed uids.
    public var uids: Set<UInt32>
    /// Allowed gids (a peer's primary or supplementary group).
    public var gids: Set<UInt32>

    /// Allows everyone, whatever their session (tests, and `any-member` with no list).
    public static let everyone = ResolvedAccessList(policy: .anyMember, restricted: false, uids: [], gids: [])

    /// Creates a resolved list.
    public init(policy: AccessPolicy = .activeSession, restricted: Bool, uids: Set<UInt32>, gids: Set<UInt32>) {
        self.policy = policy
        self.restricted = restricted
        self.uids = uids
        self.gids = gids
    }

    /// Whether a peer is let in by the list: root always is; otherwise, when the list restricts,
    /// its uid or one of its groups must be in it.
    public func allows(uid: UInt32, groups: [UInt32]) -> Bool {
        !restricted || uid == 0 || uids.contains(uid) || groups.contains(where: gids.contains)
    }

    /// What to do with a peer (nil: its credentials are unknown) given who is in front of each
    /// seat (`sessions`; nil when sessions are not followed, as in a replay). Root and the
    /// daemon's own user see every seat: they could read the devices themselves. Under
    /// `active-session` anyone else sees just the seats where they own the active session.
    public func decide(uid: UInt32?, groups: [UInt32], daemonUID: UInt32, sessions: SeatSessions?) -> AccessDecision {
        guard let uid else {
            return restricted || (policy == .activeSession && sessions != nil)
                ? .refused("gestured cannot tell who this client is (no credentials on the socket)") : .serve(.all)
        }
        if uid == 0 || uid == daemonUID { return .serve(.all) }
        guard allows(uid: uid, groups: groups) else { return .refused("uid \(uid) is not in gestured's access list") }
        guard policy == .activeSession, let sessions else { return .serve(.all) }
        guard sessions.available else {
            return .inactive("gestured serves the active session's user, and logind is not running; a system without logind needs `access: { policy: any-member }`")
        }
        let seats = sessions.seats(of: uid)
        guard !seats.isEmpty else {
            return .inactive("uid \(uid) has no active session on any seat: gestured serves only the user in front of the seat (and root)")
        }
        return .serve(.seats(seats))
    }
}
