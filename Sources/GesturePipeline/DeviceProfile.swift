import Evdev
import GestureCore

/// What the pipeline needs to know about a device to attach bindings to it.
public struct DeviceProfile: Hashable, Sendable {
    /// The device's name.
    public var name: String
    /// Touchscreen or touchpad.
    public var kind: DeviceKind
    /// Its surface.
    public var geometry: DeviceGeometry
    /// Only the finger count and centroid are real (semi-MT): no pinch or rotate.
    public var onlyCentroidIsReal: Bool

    /// Creates a profile.
    public init(name: String, kind: DeviceKind, geometry: DeviceGeometry, onlyCentroidIsReal: Bool = false) {
        self.name = name
        self.kind = kind
        self.geometry = geometry
        self.onlyCentroidIsReal = onlyCentroidIsReal
    }

    /// The same device mounted turned: its geometry as the screen sees it.
    public func turned(_ rotation: SurfaceRotation) -> DeviceProfile {
        var profile = self
        profile.geometry = rotation.geometry(geometry)
        return profile
    }

    /// The profile of a described device.
    public init(_ description: DeviceDescription) {
        self.init(
            name: description.name, kind: description.kind, geometry: description.surface.geometry,
            // Semi-MT pads, and pads with one position whose BTN_TOOL_* keys count more fingers
            // (their other fingers are fake, at that position): no per-finger spread or turn.
            onlyCentroidIsReal: description.isSemiMultitouch
                || (description.kind == .touchpad && description.slotCount < 2 && (description.fingerToolCount ?? 1) > 1))
    }
}
