/// One binding's seat in one touch's arena.
struct ArenaMember {
    /// Where a member stands. Moves forward only: pending → accepted or pending → rejected.
    enum Decision {
        case pending
        case accepted
        case rejected
    }

    let binding: Int
    let rank: Int
    /// False for simultaneous bindings, which never compete.
    let competes: Bool
    /// The round in which its gesture first claimed (0: not yet): equal ranks go to the first.
    var claim: UInt64 = 0
    var decision = Decision.pending
}
