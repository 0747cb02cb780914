/// What the engine knows about one device.
final class DeviceState {
    let id: DeviceID
    let root: Int
    let table = TouchTable()
    /// The device's surface (kept in its touch table, where every ``TouchInput`` reads it).
    var geometry: DeviceGeometry {
        get { table.geometry }
        set { table.geometry = newValue }
    }
    /// The open arena of each slot's touch (-1: none).
    @exclusivity(unchecked) var arenaOfSlot = [Int](repeating: -1, count: TouchTable.capacity)
    /// Bindings on this device's targets, in attach order.
    @exclusivity(unchecked) private(set) var bindings: [Int] = []
    /// For each of `bindings`, its touches while its instance is not finished (0 otherwise):
    /// lets a frame find the bindings to update without touching every binding object.
    @exclusivity(unchecked) private(set) var working: [UInt64] = []
    /// One bit per position of `bindings`, set where `working` is not 0: a frame visits the
    /// bindings at work, not every binding of the device.
    @exclusivity(unchecked) private(set) var busy: [UInt64] = []

    // What its consuming bindings claim (``GestureEngine/verdict(forContact:on:)``); kept only
    // while it has some.
    /// Bindings that consume the touches they recognize, by index.
    @exclusivity(unchecked) var consumers: [Int] = []
    /// The verdict on each contact after the last round, lifted ones of that round included.
    @exclusivity(unchecked) var claims: [(contact: Int32, verdict: TouchVerdict)] = []
    /// Slots whose touch a consuming binding claimed: consumed until they lift.
    @exclusivity(unchecked) var consumedSlots: UInt64 = 0
    /// How many touches were claimed, ever.
    @exclusivity(unchecked) var consumptions: UInt64 = 0
    /// Some consuming binding is undecided with an instance under way.
    @exclusivity(unchecked) var deciding = false

    init(id: DeviceID, geometry: DeviceGeometry, root: Int) {
        self.id = id
        self.root = root
        table.geometry = geometry
    }

    /// Sets the working touches of the binding at `position`.
    func setWorking(_ position: Int, _ touches: UInt64) {
        guard working[position] != touches else { return }
        working[position] = touches
        let bit: UInt64 = 1 << UInt64(position & 63)
        if touches != 0 { busy[position >> 6] |= bit } else { busy[position >> 6] &= ~bit }
    }

    /// Adds a binding (its index) at the end, not at work.
    func append(binding index: Int) {
        bindings.append(index)
        working.append(0)
        if bindings.count > busy.count * 64 { busy.append(0) }
    }

    /// Removes the binding at `position`; those after it move up by one.
    func removeBinding(at position: Int) {
        bindings.remove(at: position)
        working.remove(at: position)
        for word in busy.indices { busy[word] = 0 }
        for index in working.indices where working[index] != 0 {
            busy[index >> 6] |= 1 << UInt64(index & 63)
        }
    }
}
