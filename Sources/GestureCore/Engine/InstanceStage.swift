/// Where a binding's current instance stands in its lifecycle: the legal states, in order. An
/// instance moves forward through them and back to ``open`` only when the engine resets the
/// binding (its instance finished, its touches gone and its arenas decided).
///
/// ```
/// open ─▶ cleared ─▶ accepted ─▶ announced(id) ─▶ finished(id)
/// open / cleared ─▶ (fails unseen: never announced, nothing to finish)
/// ```
/// docs/diagrams/instance-phases.svg draws it with the recognizer's phases.
enum InstanceStage: Equatable {
    /// Nothing decided yet: the arena has not let it be seen, `shouldBegin` not asked.
    case open
    /// `shouldBegin` was asked (and said yes, or vetoed it, failing it unseen); it waits for
    /// the arena, a competing member of higher rank still pending.
    case cleared
    /// The arena accepted it: its events may be announced; none has been yet.
    case accepted
    /// Announced: every event of the instance carries this id.
    case announced(InstanceID)
    /// Its one `ended` or `failed` has been announced.
    case finished(InstanceID)

    /// Whether the arena let it be seen.
    var isAccepted: Bool {
        switch self {
        case .accepted, .announced, .finished: true
        case .open, .cleared: false
        }
    }

    /// Its id, once announced.
    var instance: InstanceID? {
        switch self {
        case .announced(let id), .finished(let id): id
        case .open, .cleared, .accepted: nil
        }
    }
}
