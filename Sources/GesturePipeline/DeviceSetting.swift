import GestureCore
import GestureWire

/// One entry of the configuration's top-level `devices:` list: which devices it is for (matched
/// like a gesture's `devices:` filter) and how they are mounted. The first entry that matches a
/// device applies to it.
public struct DeviceSetting: Hashable, Sendable {
    /// The devices it is for (empty: every device).
    public var match: [DeviceMatch]
    /// How the surface is turned relative to the screen (for a following device, until its
    /// session says).
    public var rotation: SurfaceRotation
    /// The screen a touchscreen turns with (`rotation: follow`; nil: it keeps `rotation`).
    public var follows: FollowedScreen?
    /// The entry's line in its file.
    public var line: Int?

    /// Creates a setting.
    public init(match: [DeviceMatch], rotation: SurfaceRotation, follows: FollowedScreen? = nil, line: Int? = nil) {
        self.match = match
        self.rotation = rotation
        self.follows = follows
        self.line = line
    }

    /// Whether it applies to a device. An entry that follows a screen applies to touchscreens
    /// only: a touchpad is not on the screen and does not turn with it.
    public func applies(to profile: DeviceProfile) -> Bool {
        if follows != nil, profile.kind != .touchscreen { return false }
        return match.isEmpty || match.contains { $0.matches(profile) }
    }
}
