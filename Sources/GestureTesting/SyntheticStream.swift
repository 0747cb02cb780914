import GestureCore
import RealModule

/// Synthetic frame streams for benchmarks and profiling, the same everywhere they are used.
public enum SyntheticStream: String, CaseIterable, Sendable {
    /// One finger down once, then every frame moves it (a pan).
    case pan
    /// Two fingers down once, then every frame spreads and turns them (a pinch-and-twist).
    case pinch
    /// Ten fingers down once, then every frame moves all of them.
    case tenFingers
    /// Two-finger touch sequences: down, 30 moves, up, a pause; instances start and finish.
    case sequences

    /// The device the frames are for.
    public static let device = DeviceID(1)
    /// Its surface: 200 × 120 mm.
    public static let geometry = DeviceGeometry(width: 200, height: 120)

    /// Frames to feed once before measuring (touch-down).
    public var prefix: [TouchFrame] {
        switch self {
        case .pan: [Self.steadyFrame(fingers: 1, step: 0, phase: .began)]
        case .pinch: [Self.steadyFrame(fingers: 2, step: 0, phase: .began)]
        case .tenFingers: [Self.steadyFrame(fingers: 10, step: 0, phase: .began)]
        case .sequences: []
        }
    }

    /// Frames to cycle through while measuring; timestamps must be shifted by `span` per lap.
    public var loop: [TouchFrame] {
        switch self {
        case .pan: (1...4_000).map { Self.steadyFrame(fingers: 1, step: $0, phase: .moved) }
        case .pinch: (1...4_000).map { Self.steadyFrame(fingers: 2, step: $0, phase: .moved) }
        case .tenFingers: (1...4_000).map { Self.steadyFrame(fingers: 10, step: $0, phase: .moved) }
        case .sequences: Self.sequenceFrames(fingers: 2, sequences: 100)
        }
    }

    /// Frames are 8 ms apart (125 Hz).
    static let interval: Int64 = 8_000

    static func position(_ x: Double, _ y: Double) -> (Point, Point) {
        let point = Point(x: x, y: y)
        return (point, geometry.normalized(point))
    }

    /// Fingers on a circle around the centre whose radius breathes and which slowly turns.
    static func steadyFrame(fingers: Int, step: Int, phase: TouchPhase) -> TouchFrame {
        let contacts = (0..<fingers).map { finger -> Contact in
            let angle = Double(finger) / Double(fingers) * 2 * .pi + Double(step) * 0.002
            let radius = 20 + Double(step % 200) * 0.05
            let (point, normalized) = position(100 + radius * Double.cos(angle), 60 + radius * Double.sin(angle))
            return Contact(id: Int32(finger), position: point, normalized: normalized, phase: phase)
        }
        return TouchFrame(device: device, time: Timestamp(microseconds: 1_000_000 + Int64(step) * interval), contacts: contacts)
    }

    static func sequenceFrames(fingers: Int, sequences: Int) -> [TouchFrame] {
        var frames: [TouchFrame] = []
        var time: Int64 = 1_000_000
        for sequence in 0..<sequences {
            for step in 0...31 {
                time += interval
                let phase: TouchPhase = step == 0 ? .began : step == 31 ? .ended : .moved
                let contacts = (0..<fingers).map { finger -> Contact in
                    let (point, normalized) = position(60 + Double(finger) * 15 + Double(step) * 1.5, 40 + Double(sequence % 5) * 10)
                    return Contact(id: Int32(sequence * 16 + finger), position: point, normalized: normalized, phase: phase)
                }
                frames.append(TouchFrame(device: device, time: Timestamp(microseconds: time), contacts: contacts))
            }
            time += 400_000
        }
        return frames
    }
}
