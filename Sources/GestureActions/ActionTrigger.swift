/// When an action of an actions file runs (`on:`).
public enum ActionTrigger: Sendable, Equatable {
    /// When an instance of the gesture is first active (`on: began`).
    case began
    /// When an instance ends, recognized (`on: ended`, the default).
    case ended
    /// When an instance fails, for any reason (`on: failed`).
    case failed
    /// While the fingers move: once per step of the value (`on: { update: { every: … } } }`).
    case update(ActionStep)
    /// Now and then every `interval` seconds while an instance stays active (`on: { held: 0.3 }`).
    case held(interval: Double)
}
