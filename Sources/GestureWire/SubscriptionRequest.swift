import GestureCore

/// What a `subscribe` asks for.
public struct SubscriptionRequest: Hashable, Sendable {
    /// Names of configured gestures (empty with no definitions: all configured gestures).
    public var gestures: [String]
    /// Only these devices (nil: all).
    public var devices: [Int64]?
    /// Only these phases (nil: all).
    public var phases: Set<PhaseKind>?
    /// Gestures defined by the client, each an object in the configuration's own syntax
    /// (`{"name": …, "tap": {"count": 2}, "region": {…}, "priority": "high"}`).
    public var definitions: [JSONValue]
    /// Recorded stroke drawings the definitions' `stroke:` gestures may name, each
    /// `{"name": …, "points": [[x, y], …]}` as in the configuration's `strokes:`.
    public var strokes: [JSONValue] = []
    /// Also deliver libinput's own touchpad gestures (`touchpad-gesture` events) on the
    /// subscribed devices.
    public var touchpadGestures: Bool
    /// Keep the touches of the gestures it covers from the desktop while the client is served
    /// and in front (docs/OWNERSHIP.md).
    public var consume: Bool
    /// Also deliver every frame of touches as the engine sees them (`touches` events) on the
    /// subscribed devices: for a live view of what gestured sees (docs/PROTOCOL.md, SECURITY.md).
    public var touches: Bool
    /// Also deliver why gestures fire or not (`trace` events): the touch arenas they join, win
    /// and lose, and their failures before any client saw them, on the subscribed devices.
    public var trace: Bool

    /// Creates a subscription request.
    public init(
        gestures: [String] = [], devices: [Int64]? = nil, phases: Set<PhaseKind>? = nil, definitions: [JSONValue] = [], touchpadGestures: Bool = false,
        consume: Bool = false, touches: Bool = false, trace: Bool = false
    ) {
        self.gestures = gestures
        self.devices = devices
        self.phases = phases
        self.definitions = definitions
        self.touchpadGestures = touchpadGestures
        self.consume = consume
        self.touches = touches
        self.trace = trace
    }
}
