/// What the engine knows about one device.
final class DeviceState {
    let id: DeviceID
    @exclusivity(unchecked) var geometry: DeviceGeometry
    let root: Int
    let table = TouchTable()
    /// The open arena of each slot's touch (-1: none).
    @exclusivity(unchecked) var arenaOfSlot = [Int](repeating: -1, count: TouchTable.capacity)
    /// Bindings on this device's targets, in attach order.
    @exclusivity(unchecked) var bindings: [Int] = []
    /// For each of `bindings`, its touches while its instance is not finished (0 otherwise):
    /// lets a frame find the bindings to update without touching every binding object.
    @exclusivity(unchecked) var working: [UInt64] = []

    init(id: DeviceID, geometry: DeviceGeometry, root: Int) {
        self.id = id
        self.geometry = geometry
        self.root = root
    }
}
