import Benchmark
import GestureCore
import GestureTesting

// Engine throughput and allocations per frame, with the 16 bindings of `StandardScene`.
//
// Each benchmark iteration feeds ONE frame, so "throughput" is frames per second and
// "Malloc (total)" is allocations per frame. Setup (building the frames, attaching the
// bindings, a warm-up pass) happens before measurement starts.

/// A steady stream: `fingers` fingers are put down once, then every frame moves all of them
/// (a slow pinch-and-twist for two fingers, a drift for more).
func steadyFrames(fingers: Int, count: Int, device: DeviceID, geometry: DeviceGeometry) -> (down: TouchFrame, moves: [TouchFrame]) {
    func contacts(_ step: Int, _ phase: TouchPhase) -> [Contact] {
        (0..<fingers).map { finger in
            let angle = Double(finger) / Double(fingers) * 2 * .pi + Double(step) * 0.002
            let radius = 20 + Double(step % 200) * 0.05
            let position = Point(x: 100 + radius * cosine(angle), y: 60 + radius * sine(angle))
            return Contact(id: Int32(finger), position: position, normalized: geometry.normalized(position), phase: phase)
        }
    }
    let down = TouchFrame(device: device, time: Timestamp(microseconds: 1_000_000), contacts: contacts(0, .began))
    let moves = (1...count).map { step in
        TouchFrame(device: device, time: Timestamp(microseconds: 1_000_000 + Int64(step) * 8_000), contacts: contacts(step, .moved))
    }
    return (down, moves)
}

/// Full touch sequences: down, 30 moves, up, a pause — instances start and finish all the time.
func lifecycleFrames(fingers: Int, sequences: Int, device: DeviceID, geometry: DeviceGeometry) -> [TouchFrame] {
    var frames: [TouchFrame] = []
    var time: Int64 = 1_000_000
    for sequence in 0..<sequences {
        for step in 0...31 {
            time += 8_000
            let phase: TouchPhase = step == 0 ? .began : step == 31 ? .ended : .moved
            let contacts = (0..<fingers).map { finger -> Contact in
                let position = Point(x: 60 + Double(finger) * 15 + Double(step) * 1.5, y: 40 + Double(sequence % 5) * 10)
                return Contact(id: Int32(sequence * 16 + finger), position: position, normalized: geometry.normalized(position), phase: phase)
            }
            frames.append(TouchFrame(device: device, time: Timestamp(microseconds: time), contacts: contacts))
        }
        time += 400_000
    }
    return frames
}

/// Small Taylor-free trig so the benchmark needs nothing beyond the standard library.
func sine(_ x: Double) -> Double { cosine(x - .pi / 2) }
func cosine(_ x: Double) -> Double {
    var y = x.truncatingRemainder(dividingBy: 2 * .pi)
    if y < 0 { y += 2 * .pi }
    // cos via its even series around the nearest multiple of pi/2 is overkill here; a
    // 10-term series on [0, 2π) is accurate to ~1e-6, plenty for synthetic input.
    var term = 1.0
    var sum = 1.0
    for n in 1...12 {
        term *= -y * y / Double((2 * n - 1) * (2 * n))
        sum += term
    }
    return sum
}

/// One engine with the standard scene and a prepared stream, built once per benchmark and fed
/// frame by frame from the measured loop. Benchmarks run one at a time, hence unchecked.
final class Rig: @unchecked Sendable {
    let engine = GestureEngine()
    let scene: StandardScene
    var frames: [TouchFrame]
    var events: [GestureEvent] = []
    var index = 0
    var shift: Int64 = 0
    let loopStart: Int
    let span: Int64

    /// `prefix` is fed once (touch-down, warm-up); the measured loop cycles through the rest,
    /// shifted in time on every lap so timestamps keep increasing.
    init(prefix: [TouchFrame], loop: [TouchFrame], device: DeviceID, geometry: DeviceGeometry) {
        let root = engine.addDevice(device, geometry: geometry)
        scene = StandardScene(engine: engine, root: root)
        frames = prefix + loop
        loopStart = prefix.count
        span = loop.last!.time.microseconds - loop.first!.time.microseconds + 8_000
        events.reserveCapacity(64)
        for frame in prefix { feedNext(frame) }
        index = loopStart
        // One full warm-up lap grows every pool to its working size.
        for _ in loopStart..<frames.count { step() }
    }

    func feedNext(_ frame: TouchFrame) {
        events.removeAll(keepingCapacity: true)
        engine.feed(frame, into: &events)
    }

    @inline(__always) func step() {
        var frame = frames[index]
        frame.time.microseconds += shift
        feedNext(frame)
        index += 1
        if index == frames.count {
            index = loopStart
            shift += span
        }
    }
}

func benchmark(_ name: String, _ rig: @escaping @Sendable () -> Rig) {
    Benchmark(name) { benchmark in
        let rig = rig()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { rig.step() }
        benchmark.stopMeasurement()
        blackHole(rig.events.count)
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .nanoseconds,
        scalingFactor: .kilo,
        maxDuration: .seconds(3),
        maxIterations: 100_000)
    let device = DeviceID(1)
    let geometry = DeviceGeometry(width: 200, height: 120)
    func steady(_ fingers: Int) -> Rig {
        let (down, moves) = steadyFrames(fingers: fingers, count: 4_000, device: device, geometry: geometry)
        return Rig(prefix: [down] + moves.prefix(100), loop: Array(moves.dropFirst(100)), device: device, geometry: geometry)
    }
    let pinch = steady(2)
    let ten = steady(10)
    let pan = steady(1)
    let sequences = Rig(prefix: [], loop: lifecycleFrames(fingers: 2, sequences: 100, device: device, geometry: geometry), device: device, geometry: geometry)
    benchmark("Steady 2-finger pinch, 16 bindings") { pinch }
    benchmark("Steady 10-finger stream, 16 bindings") { ten }
    benchmark("Steady 1-finger pan, 16 bindings") { pan }
    benchmark("Touch sequences 2-finger, 16 bindings") { sequences }
}
