import GestureCore
import GestureTesting
import Testing

/// Property-style tests: random touch streams against the standard 16-binding scene. For every
/// seed: no instance emits after it finished, every announced instance finishes, the arena
/// contract holds, every GestureState is back at its initial value once nothing is in flight,
/// and the same stream gives the same events.
@Suite struct RandomStreamTests {
    static let seeds: [UInt64] = Array(1...150)

    func run(seed: UInt64) -> (events: [GestureEvent], report: GestureHarness.Report, reset: Bool) {
        let h = GestureHarness()
        let scene = StandardScene(engine: h.engine, root: h.root)
        h.run(RandomTouchStream().script(seed: seed, length: 120))
        let report = h.finish()
        return (h.events, report, scene.statesAreReset)
    }

    @Test(arguments: seeds)
    func contractsHoldOnRandomStreams(seed: UInt64) {
        let first = run(seed: seed)
        #expect(first.report.violations == [], "seed \(seed)")
        #expect(first.reset, "seed \(seed): a GestureState was left set")
        let again = run(seed: seed)
        #expect(again.events == first.events, "seed \(seed): replay differs")
    }

    @Test func randomStreamsActuallyRecognizeThings() {
        var phases: [PhaseKind: Int] = [:]
        var names = Set<String>()
        for seed in Self.seeds.prefix(60) {
            for event in run(seed: seed).events {
                phases[event.phase, default: 0] += 1
                names.insert(event.name)
            }
        }
        // The property test is only worth something if the streams reach every outcome.
        #expect(phases[.active, default: 0] > 100)
        #expect(phases[.ended, default: 0] > 10)
        #expect(phases[.failed, default: 0] > 10)
        #expect(names.count >= 6, "\(names.sorted())")
    }
}
