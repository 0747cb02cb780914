/// One entry of the arena's log (kept when ``GestureEngine/recordsArenaDecisions`` is on), so
/// tests can check the arena's contract.
public struct ArenaRecord: Hashable, Sendable {
    /// What happened.
    public enum Kind: String, Hashable, Sendable {
        /// The binding became a member of the touch's arena.
        case joined
        /// The member was accepted: it may claim the touch.
        case accepted
        /// The member was rejected: it may not.
        case rejected
        /// The arena closed (touch lifted and every member decided).
        case closed
    }

    /// The touch's key.
    public var touch: UInt64
    /// The member (nil for `closed`).
    public var binding: BindingID?
    /// What happened.
    public var kind: Kind

    /// Creates a record.
    public init(touch: UInt64, binding: BindingID?, kind: Kind) {
        self.touch = touch
        self.binding = binding
        self.kind = kind
    }
}
