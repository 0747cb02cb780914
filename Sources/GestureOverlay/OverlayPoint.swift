/// A point the overlay draws, in millimetres on a device, with its opacity (0…1).
public struct OverlayPoint: Sendable, Equatable {
    /// Millimetres from the left edge.
    public var x: Double
    /// Millimetres from the top edge.
    public var y: Double
    /// How opaque: 1 fully drawn, 0 gone.
    public var opacity: Double

    /// A point.
    public init(x: Double, y: Double, opacity: Double = 1) {
        self.x = x
        self.y = y
        self.opacity = opacity
    }
}
