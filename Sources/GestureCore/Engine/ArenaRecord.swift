/// One entry of the arena's log (kept when ``GestureEngine/recordsArenaDecisions`` is on), so
/// tests can check the arena's contract.
public struct ArenaRecord: Hashable, Sendable {
    /// What happened.
    public enum Kind: String, Hashable, Sendable {
        /// The binding became a member of the touch's arena.
        case joined
        /// The member's gesture claims the touch (it became active or ended); once per member,
        /// at its first claim, or at joining for a gesture that had claimed already.
        case claimed
        /// The member was accepted: it may claim the touch.
        case accepted
        /// The member was rejected: it may not.
        case rejected
        /// The arena closed (touch lifted and every member decided).
        case closed
    }

    /// The touch's key.
    public var touch: UInt64
    /// The touch's contact id, as the device gave it (the `id` of `touches` events).
    public var contact: Int32 = 0
    /// The member (nil for `closed`).
    public var binding: BindingID?
    /// What happened.
    public var kind: Kind
    /// The engine's round it happened in (rounds count up from 1); for `claimed`, the round the
    /// gesture first claimed in (earlier than the joining, for one that joins having claimed).
    public var round: UInt64
    /// For `joined`: the member's rank (a member waits for competing members of higher rank).
    public var rank: Int
    /// For `joined`: whether it competes (simultaneous members do not).
    public var competes: Bool

    /// Creates a record.
    public init(touch: UInt64, binding: BindingID?, kind: Kind, round: UInt64 = 0, rank: Int = 0, competes: Bool = true) {
        self.touch = touch
        self.binding = binding
        self.kind = kind
        self.round = round
        self.rank = rank
        self.competes = competes
    }
}
