/// Where one binding sits in one arena: the arena's index and its member index there.
struct ArenaMembership {
    /// The arena's index in the board.
    var arena: Int
    /// The member's index in that arena.
    var member: Int
}
