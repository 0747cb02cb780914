/// Where a claiming member stands against the other members of its arenas
/// (``ArenaBoard/standing(of:binding:rank:)``).
enum ArenaStanding {
    /// No competing member is accepted and none of higher rank is pending: it may be accepted.
    case free
    /// A competing member of higher rank, or of equal rank that claimed in an earlier round, is
    /// still pending: it waits.
    case blocked
    /// A competing member was accepted first: it loses (fails with `preempted`).
    case preempted
}
