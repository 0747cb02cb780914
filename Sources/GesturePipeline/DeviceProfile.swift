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
        geometry.placedFingers = description.placedFingers
        self.init(name: description.name, kind: description.kind, geometry: geometry)
    }
}
