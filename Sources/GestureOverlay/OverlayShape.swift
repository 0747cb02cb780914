import GestureActions

/// One thing the overlay draws, in the terms of what it shows; ``OverlayLayout`` places it on
/// an output and a painter turns it into pixels.
public enum OverlayShape: Sendable, Equatable {
    /// A touchscreen touch's trail: its points, oldest first, in millimetres on the device
    /// (`width` × `height` mm), each with its opacity (0…1); the last is where the finger is (or was).
    case trail(device: Int64, width: Double, height: Double, points: [OverlayPoint], colour: ActionsOverlay.Colour)
    /// A touchpad's miniature with its fingers (millimetres on the pad).
    case pad(device: Int64, width: Double, height: Double, fingers: [OverlayPoint], colour: ActionsOverlay.Colour)
    /// An edge of a touchscreen lit while an edge swipe from it is under way.
    case edge(device: Int64, edge: String, opacity: Double, colour: ActionsOverlay.Colour)
    /// A gesture's card: its name, a line under it (the cue in words, or what ran), how far along
    /// it is (0…1, or nil), its colour and opacity.
    case card(title: String, detail: String, progress: Double?, colour: ActionsOverlay.Colour, opacity: Double)
}
