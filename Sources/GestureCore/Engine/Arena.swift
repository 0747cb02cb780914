/// The competition for one touch: its members, how many are still undecided, and whether the
/// touch is still down. ``ArenaBoard`` holds them and carries out their contract.
struct Arena {
    /// The touch's key.
    var touch: UInt64 = 0
    /// The touch's contact id, as the device gave it.
    var contact: Int32 = 0
    /// The bindings the touch hit, in the order they joined.
    var members: [ArenaMember] = []
    /// How many members are still pending.
    var pending = 0
    /// Whether the touch is still down.
    var touchLive = true

    init() {
        members.reserveCapacity(16)
    }

    /// Starts over for a new touch, keeping the members' storage.
    mutating func open(touch: UInt64, contact: Int32) {
        self.touch = touch
        self.contact = contact
        members.removeAll(keepingCapacity: true)
        pending = 0
        touchLive = true
    }
}
