/// The target tree: each device's root and the regions nested in it (``addRegion(_:in:)``),
/// and hit testing, which finds the targets a new touch lands on.
extension GestureEngine {
    /// Fills `chain` with the targets under `point`, outermost first; among overlapping
    /// siblings the last added is on top.
    func hitTest(_ point: Point, on device: DeviceState) {
        chain.removeAll(keepingCapacity: true)
        var current = device.root
        chain.append(current)
        descend: while true {
            for child in targets[current]!.children.reversed() {
                if targets[child]!.region.contains(point, geometry: device.geometry, settings: settings) {
                    chain.append(child)
                    current = child
                    continue descend
                }
            }
            return
        }
    }
}
