import GestureCore
import GestureTesting
import Testing

/// The cost of composed gestures grows with their size, not exponentially with their depth
/// (issue 10, fault 2: every `sequenced` level re-evaluated its erased part's phase, which
/// recomputed the whole value below it, so 18 levels stalled the daemon). Counted, not timed.
@Suite struct CombinatorCostTests {
    /// Counts how often its recognizer's state is read.
    final class Reads {
        var count = 0
    }

    /// A drag whose recognizer counts every read of its phase, value and deadline.
    struct CountedDrag: Gesture {
        let reads: Reads

        func makeRecognizer(settings: GestureSettings) -> Recognizer {
            Recognizer(base: DragGesture(minimumDistance: 1).makeRecognizer(settings: settings), reads: reads)
        }

        struct Recognizer: GestureRecognizer {
            var base: DragGesture.Recognizer
            let reads: Reads

            var phase: GesturePhase<DragGesture.Value> {
                reads.count += 1
                return base.phase
            }
            var phaseKind: PhaseKind {
                reads.count += 1
                return base.phaseKind
            }
            var deadline: Timestamp? {
                reads.count += 1
                return base.deadline
            }
            var wireValue: GestureValue? {
                reads.count += 1
                return base.wireValue
            }
            mutating func update(_ input: TouchInput) { base.update(input) }
            mutating func advance(to time: Timestamp) { base.advance(to: time) }
            mutating func fail(_ reason: FailureReason) { base.fail(reason) }
            mutating func reset() { base.reset() }
        }
    }

    /// `depth` nested two-part combinators, erased at every level as a configuration builds
    /// them, driven by a drag that ends the innermost part and then fails; returns the reads.
    func reads(depth: Int, _ combine: (AnyGesture, AnyGesture) -> AnyGesture) -> Int {
        let reads = Reads()
        var gesture = AnyGesture(CountedDrag(reads: reads))
        for _ in 0..<depth { gesture = combine(gesture, AnyGesture(CountedDrag(reads: reads))) }
        let h = GestureHarness()
        h.attach(gesture, named: "deep", priority: .simultaneous)
        _ = h.run([.down(1, at: Point(x: 50, y: 50)), .move(1, by: Vector(dx: 30, dy: 0), steps: 20), .up(1)])
        _ = h.run([.down(1, at: Point(x: 50, y: 50)), .move(1, by: Vector(dx: 0, dy: 30), steps: 20), .cancel(1)])
        _ = h.removeDevice()
        #expect(h.finish().violations.isEmpty)
        return reads.count
    }

    @Test(arguments: ["sequenced", "simultaneously", "exclusively"])
    func readsGrowPolynomiallyWithDepth(combinator: String) {
        let combine: (AnyGesture, AnyGesture) -> AnyGesture = switch combinator {
        case "sequenced": { AnyGesture($0.sequenced(before: $1)) }
        case "simultaneously": { AnyGesture($0.simultaneously(with: $1)) }
        default: { AnyGesture($0.exclusively(before: $1)) }
        }
        let shallow = reads(depth: 8, combine)
        let deep = reads(depth: 16, combine)
        // Twice the depth: at most about four times the reads (quadratic: each level looks at
        // its parts' phases); exponential growth, as before the fix, gives 256 times.
        #expect(shallow > 0)
        #expect(deep <= shallow * 5, "depth 8: \(shallow) reads, depth 16: \(deep)")
    }
}
