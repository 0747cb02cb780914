/// One touch of a `touches` frame: where it is, in millimetres from the surface's top-left.
public struct OverlayContact: Sendable, Equatable {
    /// The touch's id (the daemon's, unique on its device while it lasts).
    public var id: Int64
    /// Millimetres from the left edge.
    public var x: Double
    /// Millimetres from the top edge.
    public var y: Double
    /// Whether the finger left with this frame (`ended` or `cancelled`).
    public var lifted: Bool

    /// A contact.
    public init(id: Int64, x: Double, y: Double, lifted: Bool = false) {
        self.id = id
        self.x = x
        self.y = y
        self.lifted = lifted
    }
}
