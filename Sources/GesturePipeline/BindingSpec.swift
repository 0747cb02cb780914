import GestureCore

/// One entry of the configuration's `gestures:` list.
public struct BindingSpec: Hashable, Sendable {
    /// Its unique name, published with every event.
    public var name: String
    /// What to recognize.
    public var gesture: GestureSpec
    /// How it competes in the arena.
    public var priority: GesturePriority
    /// Where on the device it listens (nil: everywhere).
    public var region: RegionSpec?
    /// Whether it starts enabled.
    public var enabled: Bool
    /// The value it publishes as auto-resetting state, if any.
    public var state: StateField?
    /// Which devices it applies to (empty: all).
    public var devices: [DeviceMatch]
    /// Whether the desktop is kept from the touches it recognizes (docs/OWNERSHIP.md): its
    /// devices are grabbed and what it could claim is held back until it fails.
    public var consume: Bool
    /// Where it stands in its file (not part of its identity).
    public var line: Int?

    /// Creates a binding spec.
    public init(
        name: String, gesture: GestureSpec, priority: GesturePriority = .normal, region: RegionSpec? = nil,
        enabled: Bool = true, state: StateField? = nil, devices: [DeviceMatch] = [], consume: Bool = false, line: Int? = nil
    ) {
        self.name = name
        self.gesture = gesture
        self.priority = priority
        self.region = region
        self.enabled = enabled
        self.state = state
        self.devices = devices
        self.consume = consume
        self.line = line
    }

    /// Why it does not apply to a device, or nil when it does.
    public func exclusion(for device: DeviceProfile) -> String? {
        if !devices.isEmpty && !devices.contains(where: { $0.matches(device) }) { return "not in its devices: filter" }
        let needed = gesture.placedFingersNeeded, placed = device.geometry.placedFingers
        if needed > placed {
            return placed < 2
                ? "needs per-finger positions, and the device places only their centroid (semi-multitouch, or one slot)"
                : "needs \(needed) fingers placed, and the device places \(placed) (it counts more fingers than its slots)"
        }
        return nil
    }

    public static func == (lhs: BindingSpec, rhs: BindingSpec) -> Bool {
        lhs.name == rhs.name && lhs.gesture == rhs.gesture && lhs.priority == rhs.priority && lhs.region == rhs.region
            && lhs.enabled == rhs.enabled && lhs.state == rhs.state && lhs.devices == rhs.devices && lhs.consume == rhs.consume
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(gesture)
    }
}
