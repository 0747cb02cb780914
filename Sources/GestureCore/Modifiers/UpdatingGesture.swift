/// A gesture that updates a ``GestureState`` while active, like SwiftUI's `updating`. The body
/// runs while the engine settles a frame, for every new active value; the state resets as soon
/// as the effective phase is anything but `active`.
public struct UpdatingGesture<Base: Gesture, State>: Gesture {
    /// The base gesture's value.
    public typealias Value = Base.Value

    /// The wrapped gesture.
    public var base: Base
    /// The state it updates.
    public let state: GestureState<State>
    /// How a new value changes the state.
    public var body: (Value, inout State) -> Void

    /// Wraps `base`.
    public init(base: Base, state: GestureState<State>, body: @escaping (Value, inout State) -> Void) {
        self.base = base
        self.state = state
        self.body = body
    }

    public func makeRecognizer(settings: GestureSettings) -> ModifiedRecognizer<Base.Recognizer, Modifier> {
        ModifiedRecognizer(base: base.makeRecognizer(settings: settings), modifier: Modifier(state: state, body: body))
    }

    /// Settles the state each frame.
    public struct Modifier: RecognizerModifier {
        @usableFromInline let state: GestureState<State>
        @usableFromInline let body: (Value, inout State) -> Void

        @usableFromInline init(state: GestureState<State>, body: @escaping (Value, inout State) -> Void) {
            self.state = state
            self.body = body
        }

        public static var runsWhileSettling: Bool { true }

        @inlinable public mutating func apply(_ effective: consuming GesturePhase<Value>, _ news: AnnouncementTracker.Announcement) {
            switch consume effective {
            case .active(let value):
                if news.valueChanged { state.update { body(value, &$0) } }
            case .possible, .ended, .failed:
                state.reset()
            }
        }

        @inlinable public mutating func reset() { state.reset() }
    }
}
