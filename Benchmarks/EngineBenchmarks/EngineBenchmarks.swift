import Benchmark
import GestureCore
import GestureTesting

// Engine throughput and allocations per frame with the 16 bindings of `StandardScene`.
//
// The inner loop feeds one frame per iteration and the scaling factor is `.kilo`, so the
// scaled metrics (marked `*`) are per frame: "Malloc (total) *" is allocations per frame,
// "Time (wall clock) *" is nanoseconds per frame, "Throughput (K)" is thousands of frames per
// second. Setup (building the stream, attaching bindings, a warm-up lap) is not measured.

/// Builds a stream's rig on first use and keeps it; benchmarks run one at a time.
final class LazyRig: @unchecked Sendable {
    let stream: SyntheticStream
    var built: StreamRig?

    init(_ stream: SyntheticStream) {
        self.stream = stream
    }

    var rig: StreamRig {
        if let built { return built }
        let rig = StreamRig(stream)
        built = rig
        return rig
    }
}

func measure(_ name: String, _ stream: SyntheticStream) {
    let lazy = LazyRig(stream)
    Benchmark(name) { benchmark in
        let rig = lazy.rig
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
    measure("Steady 2-finger pinch, 16 bindings", .pinch)
    measure("Steady 10-finger stream, 16 bindings", .tenFingers)
    measure("Steady 1-finger pan, 16 bindings", .pan)
    measure("Touch sequences 2-finger, 16 bindings", .sequences)
    decoderBenchmarks()
    strokeBenchmarks()
}
