/// What the engine knows about one device.
final class DeviceState {
    let id: DeviceID
    var geometry: DeviceGeometry
    let root: Int
    let table = TouchTable()
    /// The open arena of each slot's touch (-1: none).
    var arenaOfSlot = [Int](repeating: -1, count: TouchTable.capacity)
    /// Bindings on this device's targets, in attach order.
    var bindings: [Int] = []

    init(id: DeviceID, geometry: DeviceGeometry, root: Int) {
        self.id = id
        self.geometry = geometry
        self.root = root
    }
}
