/// A gesture with its type erased, like SwiftUI's `AnyGesture`: its value is the published
/// ``GestureValue``. Used where gestures are built at run time (from a configuration file) and
/// their concrete types cannot be spelled.
public struct AnyGesture: Gesture {
    /// The erased value.
    public typealias Value = GestureValue

    let make: (GestureSettings) -> AnyGestureRecognizer

    /// Erases `gesture`.
    public init<G: Gesture>(_ gesture: G) {
        make = { AnyGestureRecognizer(gesture.makeRecognizer(settings: $0)) }
    }

    public func makeRecognizer(settings: GestureSettings) -> AnyGestureRecognizer { make(settings) }
}
