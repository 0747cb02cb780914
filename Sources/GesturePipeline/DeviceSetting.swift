import GestureCore

/// One entry of the configuration's top-level `devices:` list: which devices it is for (matched
/// like a gesture's `devices:` filter) and how they are mounted. The first entry that matches a
/// device applies to it.
public struct DeviceSetting: Hashable, Sendable {
    /// The devices it is for (empty: every device).
    public var match: [DeviceMatch]
    /// How the surface is turned relative to the screen.
    public var rotation: SurfaceRotation
    /// The entry's line in its file.
    public var line: Int?

    /// Creates a setting.
    public init(match: [DeviceMatch], rotation: SurfaceRotation, line: Int? = nil) {
        self.match = match
        self.rotation = rotation
        self.line = line
    }

    /// Whether it applies to a device.
    public func applies(to profile: DeviceProfile) -> Bool {
        match.isEmpty || match.contains { $0.matches(profile) }
    }
}
