import GestureCore

/// Makes random but valid touch scripts: fingers touch down (up to `maximumFingers`), move,
/// rest, lift or get cancelled, and time passes, on a `width` × `height` mm surface.
/// The same seed always gives the same script.
public struct RandomTouchStream: Sendable {
    /// Most fingers down at once.
    public var maximumFingers = 5
    /// Surface width in millimetres.
    public var width: Millimetres = 200
    /// Surface height in millimetres.
    public var height: Millimetres = 120

    /// Creates a stream maker with the defaults.
    public init() {}

    /// A script of `length` steps from `seed`.
    public func script(seed: UInt64, length: Int) -> [TouchStep] {
        var random = SeededGenerator(seed: seed)
        var live: [Int32] = []
        var nextID: Int32 = 1
        var steps: [TouchStep] = []
        func point() -> Point {
            Point(x: Double.random(in: 0..<width, using: &random), y: Double.random(in: 0..<height, using: &random))
        }
        for _ in 0..<length {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<22 where live.count < maximumFingers:
                let count = Int.random(in: 1...min(3, maximumFingers - live.count), using: &random)
                let fingers = (0..<count).map { _ -> TouchStep.Finger in
                    defer { nextID += 1 }
                    return TouchStep.Finger(nextID, at: point())
                }
                live += fingers.map(\.id)
                steps.append(.downMany(fingers))
            case 0..<60 where !live.isEmpty:
                let moves = live.map { id in
                    TouchStep.FingerMove(id, by: Vector(dx: Double.random(in: -15...15, using: &random), dy: Double.random(in: -15...15, using: &random)))
                }
                steps.append(.moveMany(moves, steps: Int.random(in: 1...6, using: &random)))
            case 60..<78 where !live.isEmpty:
                let count = Int.random(in: 1...live.count, using: &random)
                let lifting = Array(live.shuffled(using: &random).prefix(count))
                live.removeAll { lifting.contains($0) }
                steps.append(.upMany(lifting))
            case 78..<81 where !live.isEmpty:
                let id = live.randomElement(using: &random)!
                live.removeAll { $0 == id }
                steps.append(.cancelMany([id]))
            case 81..<88:
                steps.append(.hold)
            default:
                steps.append(.wait([0.05, 0.2, 0.35, 0.7].randomElement(using: &random)!))
            }
        }
        // Keep the fingers inside the surface is not required: the engine must cope anyway.
        return steps
    }
}
