import Benchmark
import GestureCore
import GestureTesting

// Strokes: what matching costs, and what drawing costs per frame.
//
// "Stroke match, 30 templates": one drawn circle matched against the 12 built-in shapes and 18
// recorded drawings (three of each of six shapes), per match (scaling `.one`): the time the
// lift of a stroke adds. "Stroke drawing, 30 templates": an engine with one stroke gesture fed
// drawn shapes (down, 40 to 90 moves, lift, a pause), per frame (scaling `.kilo`): allocations
// while the finger draws and at the lift.

/// The 30 templates: the built-in shapes, and three drawings each of six of them.
let strokeTemplates: [StrokeTemplate] = {
    var sampler = StrokeSampler(seed: 7)
    var templates = StrokeTemplate.builtIn
    for shape in StrokeTemplate.builtIn.prefix(6) {
        for _ in 0..<3 { templates.append(StrokeTemplate(name: shape.name + "-mine", points: sampler.draw(shape).map(\.point))) }
    }
    return templates
}()

/// An engine with one stroke binding, fed drawn shapes over and over.
final class StrokeRig: @unchecked Sendable {
    let engine = GestureEngine()
    var events: [GestureEvent] = []
    let frames: [TouchFrame]
    var index = 0
    var shift: Int64 = 0
    let span: Int64
    static let geometry = DeviceGeometry(width: 200, height: 160)

    init() {
        let root = engine.addDevice(DeviceID(1), geometry: Self.geometry)
        engine.attach(StrokeGesture(fingers: 1, templates: strokeTemplates), named: "shapes", to: root)
        var sampler = StrokeSampler(seed: 11)
        var frames: [TouchFrame] = []
        var time: Int64 = 1_000_000
        for (number, shape) in StrokeTemplate.builtIn.enumerated() {
            let drawing = sampler.draw(shape)
            for (step, sample) in drawing.enumerated() {
                let phase: TouchPhase = step == 0 ? .began : step == drawing.count - 1 ? .ended : .moved
                let contact = Contact(
                    id: Int32(number), position: sample.point, normalized: Self.geometry.normalized(sample.point), phase: phase)
                frames.append(TouchFrame(device: DeviceID(1), time: Timestamp(microseconds: time + Int64(sample.time * 1_000_000)), contacts: [contact]))
            }
            time = frames.last!.time.microseconds + 300_000
        }
        self.frames = frames
        span = time - frames[0].time.microseconds
        events.reserveCapacity(16)
        for _ in frames.indices { step() }
    }

    @inline(__always) func step() {
        var frame = frames[index]
        frame.time.microseconds += shift
        events.removeAll(keepingCapacity: true)
        engine.feed(frame, into: &events)
        index += 1
        if index == frames.count {
            index = 0
            shift += span
        }
    }
}

func strokeBenchmarks() {
    Benchmark(
        "Stroke match, 30 templates",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, scalingFactor: .one, maxDuration: .seconds(3))
    ) { benchmark in
        let matcher = StrokeMatcher(templates: strokeTemplates)
        var sampler = StrokeSampler(seed: 3)
        var path = StrokePath()
        for sample in sampler.draw(StrokeTemplate.builtIn[0]) { path.add(sample.point) }
        var scratch = StrokeMatcher.Scratch()
        blackHole(matcher.match(path, scratch: &scratch))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(matcher.match(path, scratch: &scratch)?.score) }
        benchmark.stopMeasurement()
    }
    let rig = LazyStrokeRig()
    Benchmark("Stroke drawing, 30 templates") { benchmark in
        let rig = rig.rig
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { rig.step() }
        benchmark.stopMeasurement()
        blackHole(rig.events.count)
    }
}

/// Builds the stroke rig on first use.
final class LazyStrokeRig: @unchecked Sendable {
    var built: StrokeRig?
    var rig: StrokeRig {
        if let built { return built }
        let rig = StrokeRig()
        built = rig
        return rig
    }
}
