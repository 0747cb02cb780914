/// A device root or a region nested in it, with the bindings attached to it.
struct Target {
    let device: DeviceID
    let parent: Int?
    let depth: Int
    let region: Region
    var children: [Int] = []
    var bindings: [Int] = []
}
