/// The competition for one touch: its members, how many are still undecided, and whether the
/// touch is still down. The contract it carries out, and the code that does, are in
/// GestureEngine+Arena.swift.
final class Arena {
    @exclusivity(unchecked) var touch: UInt64 = 0
    @exclusivity(unchecked) var members: [ArenaMember] = []
    @exclusivity(unchecked) var pending = 0
    @exclusivity(unchecked) var touchLive = true

    init() {
        members.reserveCapacity(16)
    }

    func open(touch: UInt64) {
        self.touch = touch
        members.removeAll(keepingCapacity: true)
        pending = 0
        touchLive = true
    }
}
