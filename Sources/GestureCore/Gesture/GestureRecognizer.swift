/// The state machine behind a ``Gesture``: pure, driven by the engine with time passed in.
///
/// Contract (the engine relies on it):
/// - `update` is called once per frame in which any touch routed to the recognizer changed,
///   with those touches in begin order, including the ones that lifted in that frame.
/// - `advance(to:)` is called when `deadline` has come; the recognizer decides what it means.
/// - Once `phase` is terminal (`ended` or `failed`) it stays so until `reset()`; further calls
///   change nothing.
/// - With no live touches, a recognizer is terminal or has a `deadline`; otherwise the engine
///   fails it with ``FailureReason/notRecognized``.
/// - `settle(visible:)` runs after the arena has decided and before any announcement: it is
///   where ``GestureState`` values change. `announce(visible:)` runs afterwards and is the only
///   place callbacks run. `visible` says whether the engine lets the instance be seen.
public protocol GestureRecognizer {
    /// The gesture's value.
    associatedtype Value

    /// The current phase.
    var phase: GesturePhase<Value> { get }
    /// The current phase's case; cheaper than `phase` for composed gestures (defaults to `phase.kind`).
    var phaseKind: PhaseKind { get }
    /// When `advance(to:)` must next be called, if ever.
    var deadline: Timestamp? { get }
    /// The current value as published in events.
    var wireValue: GestureValue? { get }

    /// Consumes one frame of the touches routed to this recognizer.
    mutating func update(_ input: TouchInput)
    /// Lets time pass to `time` (at least `deadline`).
    mutating func advance(to time: Timestamp)
    /// Fails the instance from outside (arena, cancellation, removal); no-op when terminal.
    mutating func fail(_ reason: FailureReason)
    /// Forgets the finished instance; back to `possible` for the next one.
    mutating func reset()
    /// Settles gesture states for this frame (see the contract above).
    mutating func settle(visible: Bool)
    /// Runs this frame's callbacks (see the contract above).
    mutating func announce(visible: Bool)

    /// Whether `settle(visible:)` can change anything (a ``GestureState`` in this recognizer or
    /// below it). The engine skips the call when it cannot. Defaults to true; the built-in
    /// leaves say false and the combinators ask their parts.
    static var settles: Bool { get }
    /// Whether `announce(visible:)` can run anything (a callback in this recognizer or below
    /// it); as `settles`.
    static var announces: Bool { get }
}

extension GestureRecognizer {
    /// The phase's case, from the phase.
    @inlinable public var phaseKind: PhaseKind { phase.kind }

    /// A recognizer that does not say is asked to settle and announce every frame.
    @inlinable public static var settles: Bool { true }
    /// A recognizer that does not say is asked to settle and announce every frame.
    @inlinable public static var announces: Bool { true }

    /// Leaves have no states to settle.
    @inlinable public mutating func settle(visible: Bool) {}
    /// Leaves have no callbacks.
    @inlinable public mutating func announce(visible: Bool) {}
}

extension GestureRecognizer where Value: GestureValueConvertible {
    /// Built-in values erase themselves.
    @inlinable public var wireValue: GestureValue? { phase.value?.gestureValue }
}
