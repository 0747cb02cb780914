/// An ``AccessList`` with names turned into ids: what the daemon checks each connecting peer's
/// credentials (SO_PEERCRED) against.
public struct ResolvedAccessList: Hashable, Sendable {
    /// Whether anything is restricted (false: everyone who can open the socket may connect).
    public var restricted: Bool
    /// Allowed uids.
    public var uids: Set<UInt32>
    /// Allowed gids (a peer's primary or supplementary group).
    public var gids: Set<UInt32>

    /// Allows everyone.
    public static let everyone = ResolvedAccessList(restricted: false, uids: [], gids: [])

    /// Creates a resolved list.
    public init(restricted: Bool, uids: Set<UInt32>, gids: Set<UInt32>) {
        self.restricted = restricted
        self.uids = uids
        self.gids = gids
    }

    /// Whether a peer may connect: root always may; otherwise its uid or one of its groups
    /// must be listed.
    public func allows(uid: UInt32, groups: [UInt32]) -> Bool {
        !restricted || uid == 0 || uids.contains(uid) || groups.contains(where: gids.contains)
    }
}
