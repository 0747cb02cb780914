/// A description of a gesture, like SwiftUI's `Gesture`: a value type that makes recognizers.
///
/// Gestures compose: modifiers (`onChanged`, `onEnded`, `updating`, `map`, `onPhase`) and
/// combinators (`simultaneously(with:)`, `sequenced(before:)`, `exclusively(before:)`) wrap
/// gestures into new gestures. Attach one to a target with ``GestureEngine/attach(_:named:to:priority:including:shouldBegin:)``.
public protocol Gesture<Value> {
    /// What the gesture reports while active and when it ends.
    associatedtype Value
    /// The state machine that recognizes this gesture.
    associatedtype Recognizer: GestureRecognizer where Recognizer.Value == Value

    /// Makes a fresh recognizer; `settings` supply the thresholds the gesture leaves unset.
    func makeRecognizer(settings: GestureSettings) -> Recognizer
}
