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

    /// Creates a profile.
    public init(name: String, kind: DeviceKind, geometry: DeviceGeometry) {
        self.name = name
        self.kind = kind
        self.geometry = geometry
    }

    /// The same device mounted turned: its geometry as the screen sees it.
    public func turned(_ rotation: SurfaceRotation) -> DeviceProfile {
        var profile = self
        profile.geometry = rotation.geometry(geometry)
        return profile
    }

    /// The profile of a described device.
    public init(_ description: DeviceDescription) {
        var geometry = description.surface.geometry
        geometry.placedFingers = Self.placedFingers(description)
        self.init(name: description.name, kind: description.kind, geometry: geometry)
    }

    /// How many fingers a described device places (``DeviceGeometry/placedFingers``): a semi-MT
    /// pad only the centroid; a touchpad whose BTN_TOOL_* keys count more fingers than its
    /// slots, its slots (the others are fake, at a real one's position, as the decoder adds
    /// them); any other device every finger it reports.
    static func placedFingers(_ description: DeviceDescription) -> Int {
        if description.isSemiMultitouch { return 1 }
        guard description.kind == .touchpad, let counted = description.fingerToolCount else { return .max }
        let slots = max(1, description.slotCount)
        return counted > slots ? slots : .max
    }
}
