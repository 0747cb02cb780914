/// One callback attached to a gesture by a modifier.
public enum GestureCallback<Value> {
    /// `onChanged`: every new value while active.
    case changed((Value) -> Void)
    /// `onEnded`: the final value, only when the gesture ends successfully.
    case ended((Value) -> Void)
    /// `onPhase`: every phase of every instance, `possible` through `ended` or `failed`,
    /// and every new `active` value.
    case phase((GesturePhase<Value>) -> Void)
}
