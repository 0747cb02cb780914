/// A device as the overlay knows it, from the daemon's `hello` and `device-added`: what it is
/// and its surface's size, which places its touches on the output or in the pad miniature.
public struct OverlayDevice: Sendable, Equatable {
    /// What kind of device it is.
    public enum Kind: Sendable, Equatable {
        /// A touchscreen: its touches are drawn where they are on the output.
        case touchscreen
        /// A touchpad: its fingers are drawn in the miniature.
        case touchpad
        /// Anything else (a tablet, a device the daemon reports no kind for): not drawn.
        case other
    }

    /// The daemon's id for it.
    public var id: Int64
    /// What it is.
    public var kind: Kind
    /// Its surface's width in millimetres.
    public var width: Double
    /// Its surface's height in millimetres.
    public var height: Double

    /// A device.
    public init(id: Int64, kind: Kind, width: Double, height: Double) {
        self.id = id
        self.kind = kind
        self.width = width
        self.height = height
    }
}
