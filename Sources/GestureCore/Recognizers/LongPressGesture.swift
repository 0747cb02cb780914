/// Recognizes fingers held still for `minimumDuration`. Discrete, like SwiftUI's: it ends with
/// `true` the moment the duration is reached, while the fingers are still down, so a gesture
/// sequenced after it can take over the same touches.
public struct LongPressGesture: Gesture {
    /// `true` once the press succeeded.
    public typealias Value = Bool

    /// Seconds to hold; nil takes ``GestureSettings/longPressMinimumDuration``.
    public var minimumDuration: Seconds?
    /// How far the fingers may wander; nil takes ``GestureSettings/longPressMaximumDistance``.
    public var maximumDistance: Millimetres?
    /// Fingers to hold.
    public var fingers: Int

    /// Creates a long press gesture.
    public init(minimumDuration: Seconds? = nil, maximumDistance: Millimetres? = nil, fingers: Int = 1) {
        self.minimumDuration = minimumDuration
        self.maximumDistance = maximumDistance
        self.fingers = fingers
    }

    public func makeRecognizer(settings: GestureSettings) -> Recognizer {
        let distance = maximumDistance ?? settings.longPressMaximumDistance
        return Recognizer(
            fingers: FingerTracker(fingers: fingers, extraTouches: .fail, slop: distance),
            minimumDuration: minimumDuration ?? settings.longPressMinimumDuration,
            maximumDistance: distance)
    }

    /// The long press state machine.
    public struct Recognizer: GestureRecognizer {
        /// A leaf: no states to settle, no callbacks to run.
        public static var settles: Bool { false }
        /// A leaf: no states to settle, no callbacks to run.
        public static var announces: Bool { false }
        var fingers: FingerTracker
        let minimumDuration: Seconds
        let maximumDistance: Millimetres
        public private(set) var phase = GesturePhase<Bool>.possible
        public private(set) var deadline: Timestamp?
        /// Published as `longPress`, not as a plain boolean.
        public var wireValue: GestureValue? { phase.value.map { .longPress($0) } }

        public mutating func update(_ input: TouchInput) {
            guard !phase.isTerminal else { return }
            switch fingers.step(input) {
            case .waiting:
                break
            case .started:
                deadline = input.time + minimumDuration
            case .tracking(let touches):
                if touches.maxDisplacement > maximumDistance { fail(.movedTooFar) }
            case .lifted:
                fail(.releasedTooEarly)
            case .failed(let reason):
                fail(reason)
            }
        }

        public mutating func advance(to time: Timestamp) {
            guard !phase.isTerminal, let deadline, time >= deadline else { return }
            phase = .ended(true)
            self.deadline = nil
        }

        public mutating func fail(_ reason: FailureReason) {
            phase.fail(reason)
            deadline = nil
        }

        public mutating func reset() {
            phase = .possible
            deadline = nil
            fingers.reset()
        }
    }
}
