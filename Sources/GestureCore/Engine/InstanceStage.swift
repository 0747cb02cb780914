/// Where a binding's current instance stands in its lifecycle: the legal states, in the order
/// an instance moves through them. It only moves forward, and back to ``open`` only when the
/// engine resets the binding (its instance finished, its touches gone, its arenas decided).
///
/// ```
/// open ─▶ cleared ─▶ accepted ─▶ announced ─▶ finished
/// open / cleared ─▶ (fails unseen: never announced, nothing to finish)
/// ```
/// docs/diagrams/instance-phases.svg draws it with the recognizer's phases. A plain ordered
/// value (a byte), so that "accepted or later" is one comparison on the per-frame path; the
/// instance's id, given when it is announced, is kept beside it (`Binding.instance`).
enum InstanceStage: UInt8, Comparable {
    /// Nothing decided yet: the arena has not let it be seen, `shouldBegin` not asked.
    case open
    /// It claimed its touches and `shouldBegin` was asked (and said yes, or vetoed it, failing
    /// it unseen); it may wait for a competing member of higher rank.
    case cleared
    /// The arena accepted it: its events may be announced; none has been yet.
    case accepted
    /// Announced: it has an id, which every event of the instance carries.
    case announced
    /// Its one `ended` or `failed` has been announced.
    case finished

    // Written out on the raw byte: the synthesized comparisons made the round retain every
    // binding it looked at (measured: +230 instructions a frame on the sequences stream).
    @inline(__always) static func == (a: InstanceStage, b: InstanceStage) -> Bool { a.rawValue == b.rawValue }
    @inline(__always) static func != (a: InstanceStage, b: InstanceStage) -> Bool { a.rawValue != b.rawValue }
    @inline(__always) static func < (a: InstanceStage, b: InstanceStage) -> Bool { a.rawValue < b.rawValue }
    @inline(__always) static func >= (a: InstanceStage, b: InstanceStage) -> Bool { a.rawValue >= b.rawValue }
}
