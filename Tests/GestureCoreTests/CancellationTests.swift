import GestureCore
import GestureTesting
import Testing

/// Every recognizer, interrupted in the middle: by the device going away, or by the source
/// cancelling its touches. Active gestures fail with the right reason, their GestureState is
/// back at its initial value in the same frame, and discrete ones that were still possible fail
/// silently (nobody saw them) but their observers are told.
@Suite struct CancellationTests {
    enum Interruption: CaseIterable, Sendable {
        case deviceRemoved
        case touchesCancelled

        var reason: FailureReason { self == .deviceRemoved ? .deviceRemoved : .cancelled }

        func apply(to h: GestureHarness) -> [GestureEvent] {
            switch self {
            case .deviceRemoved: h.removeDevice()
            case .touchesCancelled: h.run([.cancelMany(h.liveFingers)])
            }
        }
    }

    enum Recognizer: String, CaseIterable, Sendable {
        case drag, magnify, rotate, swipe, edgeSwipe, hold, pressThenDrag, zoom, exclusiveDrag
        case tap, spatialTap, longPress

        /// Discrete gestures are still `possible` mid-way: never announced.
        var isDiscrete: Bool { self == .tap || self == .spatialTap || self == .longPress }

        static let left = Point(x: 80, y: 60)
        static let right = Point(x: 120, y: 60)

        /// Attaches the gesture with a state that mirrors its progress and an observer.
        func attach(to h: GestureHarness, state: GestureState<Double>, observer: @escaping (PhaseKind) -> Void) {
            func wire<G: Gesture>(_ gesture: G, _ measure: @escaping (G.Value) -> Double) {
                h.attach(
                    gesture.updating(state) { value, s in s = measure(value) }.onPhase { observer($0.kind) },
                    named: rawValue, publishing: state)
            }
            switch self {
            case .drag: wire(DragGesture()) { $0.translation.length }
            case .magnify: wire(MagnifyGesture()) { $0.magnification }
            case .rotate: wire(RotateGesture()) { $0.rotation }
            case .swipe: wire(SwipeGesture(direction: .right, fingers: 3)) { $0.distance }
            case .edgeSwipe: wire(EdgeSwipeGesture(edge: .left)) { $0.distance }
            case .hold: wire(HoldGesture()) { $0.duration }
            case .pressThenDrag:
                wire(LongPressGesture().sequenced(before: DragGesture())) { value in
                    if case .second(_, let drag?) = value { drag.translation.length } else { 1 }
                }
            case .zoom: wire(MagnifyGesture().simultaneously(with: RotateGesture())) { $0.first?.magnification ?? 1 }
            case .exclusiveDrag:
                wire(DragGesture(fingers: 2).exclusively(before: DragGesture())) { value in
                    switch value {
                    case .first(let drag), .second(let drag): drag.translation.length
                    }
                }
            case .tap: wire(TapGesture()) { _ in 1 }
            case .spatialTap: wire(SpatialTapGesture()) { $0.location.x }
            case .longPress: wire(LongPressGesture()) { _ in 1 }
            }
        }

        /// Multi-finger gestures wait this long for the finger count to settle.
        var settle: Seconds { GestureSettings.standard.fingerSettleTime }

        /// Brings the gesture to the middle of its life.
        var script: [TouchStep] {
            let apart = [TouchStep.FingerMove(1, by: Vector(dx: -10, dy: 0)), .init(2, by: Vector(dx: 10, dy: 0))]
            let twist = [TouchStep.FingerMove(1, by: Vector(dx: 0, dy: 5)), .init(2, by: Vector(dx: 0, dy: -5))]
            switch self {
            case .drag: return [.down(1, at: Self.left), .move(1, by: Vector(dx: 10, dy: 0), steps: 3)]
            // Past the multi-finger slop, so the preferred 2-finger branch fails and the
            // 1-finger branch is let through.
            case .exclusiveDrag: return [.down(1, at: Self.left), .move(1, by: Vector(dx: 20, dy: 0), steps: 4)]
            case .magnify, .zoom: return [.downMany([.init(1, at: Self.left), .init(2, at: Self.right)]), .wait(settle), .moveMany(apart, steps: 3)]
            case .rotate: return [.downMany([.init(1, at: Self.left), .init(2, at: Self.right)]), .wait(settle), .moveMany(twist, steps: 3)]
            case .swipe:
                let fingers = (1...3).map { TouchStep.Finger(Int32($0), at: Point(x: 50, y: Double(30 * $0))) }
                return [.downMany(fingers), .wait(settle), .moveMany(fingers.map { .init($0.id, by: Vector(dx: 10, dy: 0)) }, steps: 3)]
            case .edgeSwipe: return [.down(1, at: Point(x: 1, y: 60)), .move(1, by: Vector(dx: 10, dy: 0), steps: 3)]
            case .hold: return [.down(1, at: Self.left), .wait(0.3)]
            case .pressThenDrag: return [.down(1, at: Self.left), .wait(0.6), .move(1, by: Vector(dx: 10, dy: 0), steps: 3)]
            case .tap, .spatialTap, .longPress: return [.down(1, at: Self.left), .wait(0.1)]
            }
        }
    }

    @Test(arguments: Recognizer.allCases, Interruption.allCases)
    func interruptedMidGesture(_ recognizer: Recognizer, by interruption: Interruption) {
        let h = GestureHarness()
        let state = GestureState(initialValue: 0.0)
        var observed: [PhaseKind] = []
        recognizer.attach(to: h, state: state) { observed.append($0) }
        let before = h.run(recognizer.script)

        if recognizer.isDiscrete {
            #expect(before.isEmpty)
        } else {
            #expect(before.last?.phase == .active, "\(recognizer) should be active mid-way: \(before.lines)")
            #expect(state.wrappedValue != 0, "\(recognizer) should have moved its state")
        }

        let events = interruption.apply(to: h)
        if recognizer.isDiscrete {
            #expect(events.isEmpty)
        } else {
            #expect(events.lines == ["\(recognizer.rawValue) failed(\(interruption.reason.rawValue))"])
            #expect(events.first?.state == .number(0), "the reset is published in the failing frame")
        }
        #expect(state.wrappedValue == 0)
        #expect(observed.last == .failed)
        #expect(!observed.contains(.ended))
        #expect(h.finish().violations.isEmpty)
    }
}
