@testable import GestureCore
import Testing

/// What the engine keeps of a recognizer after each change: its phase's case, and its deadline
/// only while it is not finished.
@Suite struct RecognizerStatusTests {
    /// A recognizer whose phase and deadline are set from outside.
    struct Scripted: GestureRecognizer {
        var phase: GesturePhase<Bool> = .possible
        var deadline: Timestamp?
        var wireValue: GestureValue? { phase.value.map { .bool($0) } }
        mutating func update(_ input: TouchInput) {}
        mutating func advance(to time: Timestamp) {}
        mutating func fail(_ reason: FailureReason) { phase.fail(reason) }
        mutating func reset() { phase = .possible }
    }

    @Test func aFinishedRecognizersDeadlineIsNotKept() {
        var recognizer = Scripted(deadline: Timestamp(microseconds: 5))
        #expect(RecognizerStatus(of: &recognizer) == RecognizerStatus(kind: .possible, deadline: Timestamp(microseconds: 5)))
        recognizer.phase = .active(true)
        #expect(RecognizerStatus(of: &recognizer) == RecognizerStatus(kind: .active, deadline: Timestamp(microseconds: 5)))
        recognizer.phase = .ended(true)
        #expect(RecognizerStatus(of: &recognizer) == RecognizerStatus(kind: .ended, deadline: nil))
        recognizer.phase = .failed(.timeout)
        #expect(RecognizerStatus(of: &recognizer) == RecognizerStatus(kind: .failed, deadline: nil))
    }

    @Test func everyChangeThroughTheBoxReturnsTheNewStatus() {
        let box = RecognizerBox(Scripted(deadline: Timestamp(microseconds: 9)))
        #expect(box.status() == RecognizerStatus(kind: .possible, deadline: Timestamp(microseconds: 9)))
        #expect(box.fail(.cancelled) == RecognizerStatus(kind: .failed, deadline: nil))
        #expect(box.reset() == RecognizerStatus(kind: .possible, deadline: Timestamp(microseconds: 9)))
        // A recognizer written outside the package that does not say is asked to settle and announce.
        #expect(box.settles && box.announces)
    }
}
