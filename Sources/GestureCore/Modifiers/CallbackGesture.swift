/// A gesture with a callback attached (`onChanged`, `onEnded`, `onPhase`). Callbacks run after
/// the engine has settled the frame, in attach order, and see effective phases: an instance the
/// arena holds back looks `possible` until it is let through.
public struct CallbackGesture<Base: Gesture>: Gesture {
    /// The base gesture's value.
    public typealias Value = Base.Value

    /// The wrapped gesture.
    public var base: Base
    /// The callback.
    public var callback: GestureCallback<Value>

    /// Wraps `base` with `callback`.
    public init(base: Base, callback: GestureCallback<Value>) {
        self.base = base
        self.callback = callback
    }

    public func makeRecognizer(settings: GestureSettings) -> ModifiedRecognizer<Base.Recognizer, Modifier> {
        ModifiedRecognizer(base: base.makeRecognizer(settings: settings), modifier: Modifier(callback: callback))
    }

    /// Runs the callback when the engine announces a frame.
    public struct Modifier: RecognizerModifier {
        @usableFromInline let callback: GestureCallback<Value>

        @usableFromInline init(callback: GestureCallback<Value>) {
            self.callback = callback
        }

        public static var runsWhileSettling: Bool { false }

        @inlinable public mutating func apply(_ effective: consuming GesturePhase<Value>, _ news: AnnouncementTracker.Announcement) {
            switch callback {
            case .changed(let action):
                if news.valueChanged, case .active(let value) = effective { action(value) }
            case .ended(let action):
                if news.phaseChanged, case .ended(let value) = effective { action(value) }
            case .phase(let action):
                if news.startedInstance { action(.possible) }
                if effective.kind != .possible && (news.phaseChanged || news.valueChanged) { action(effective) }
            }
        }

        @inlinable public mutating func reset() {}
    }
}
