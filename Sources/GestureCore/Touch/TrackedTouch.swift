/// A contact as the engine tracks it across frames: what a recognizer sees.
public struct TrackedTouch: Hashable, Sendable {
    /// Engine-wide sequence number, increasing in the order touches began. Recognizers use
    /// it to tell which fingers came first.
    public var key: UInt64
    /// The source's contact id.
    public var contactID: Int32
    /// Current position in millimetres.
    public var position: Point
    /// Current position normalized 0…1.
    public var normalized: Point
    /// Where the touch began, in millimetres.
    public var startPosition: Point
    /// When the touch began.
    public var startTime: Timestamp
    /// What happened to the touch in the current frame.
    public var phase: TouchPhase

    /// Whether the touch is still down after the current frame.
    @inlinable public var isLive: Bool { phase.isLive }

    /// How far the touch is from where it began.
    @inlinable public var displacement: Vector { position - startPosition }
}
