extension Gesture {
    /// Calls `action` with every new value while the gesture is active.
    public func onChanged(_ action: @escaping (Value) -> Void) -> CallbackGesture<Self> {
        CallbackGesture(base: self, callback: .changed(action))
    }

    /// Calls `action` with the final value when the gesture ends successfully. Never called on
    /// failure: clean up in `updating` (which resets by itself) or `onPhase`.
    public func onEnded(_ action: @escaping (Value) -> Void) -> CallbackGesture<Self> {
        CallbackGesture(base: self, callback: .ended(action))
    }

    /// Calls `action` with every phase of every instance, failures included.
    public func onPhase(_ action: @escaping (GesturePhase<Value>) -> Void) -> CallbackGesture<Self> {
        CallbackGesture(base: self, callback: .phase(action))
    }

    /// Updates `state` from each new value while active; `state` resets to its initial value
    /// when the gesture ends or fails.
    public func updating<State>(
        _ state: GestureState<State>, body: @escaping (Value, inout State) -> Void
    ) -> UpdatingGesture<Self, State> {
        UpdatingGesture(base: self, state: state, body: body)
    }

    /// Transforms the value.
    public func map<T>(_ transform: @escaping (Value) -> T) -> MapGesture<Self, T> {
        MapGesture(base: self, transform: transform)
    }
}
