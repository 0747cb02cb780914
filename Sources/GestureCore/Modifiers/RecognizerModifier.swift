/// What a modifier adds on top of a recognizer (a callback, a state update), given each frame
/// the base's effective phase and what is new about it. ``ModifiedRecognizer`` does the rest.
public protocol RecognizerModifier {
    /// The base gesture's value.
    associatedtype Value

    /// Whether it runs while the engine settles a frame (state updates) rather than when the
    /// engine announces it (callbacks).
    static var runsWhileSettling: Bool { get }

    /// Reacts to one frame of the base.
    mutating func apply(_ effective: consuming GesturePhase<Value>, _ news: AnnouncementTracker.Announcement)

    /// The base's instance is over and forgotten.
    mutating func reset()
}
