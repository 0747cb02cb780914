import GestureCore
import GesturePipeline

/// One client subscription as the router sees it: which bindings' events it receives, and which
/// instances it has been told about (each must end for it with exactly one `ended` or `failed`).
public struct RoutedSubscription: Sendable {
    /// Its id, unique in the daemon's lifetime.
    public let id: Int64
    /// Configured gesture names it asked for (nil: every configured gesture, or none when the
    /// subscription has `definitions`).
    public let names: Set<String>?
    /// Gestures the client defined inline, attached to every device they apply to.
    public let definitions: GestureConfig?
    /// The engine bindings made from `definitions`.
    public internal(set) var owned: Set<BindingID> = []
    /// The same, by the device each is attached to (a paused client's are detached per device).
    public internal(set) var attached: [DeviceID: Set<BindingID>] = [:]
    /// Only these devices (nil: every device its client sees).
    public let devices: Set<DeviceID>?
    /// Only these phases (nil: all; an announced instance always gets its end).
    public let phases: Set<PhaseKind>?
    /// Whether libinput's own touchpad gestures are wanted too.
    public let touchpadGestures: Bool
    /// Whether the gestures it covers consume their touches while its client is in front.
    public let consume: Bool
    /// Whether every frame of touches is wanted too (`touches` events).
    public let touches: Bool
    /// Whether why its gestures fire or not is wanted too (`trace` events).
    public let trace: Bool
    /// Instances announced to this subscription and not finished yet, with the last event sent.
    public internal(set) var told: [InstanceID: GestureEvent] = [:]
    /// Instances that already ended for this subscription (`failed(sessionInactive)` when its
    /// client was paused) while the engine still runs them: nothing more of them is sent, not
    /// even after it resumes, so each still ends exactly once for it.
    public internal(set) var withheld: Set<InstanceID> = []

    /// Creates a subscription.
    public init(
        id: Int64, names: Set<String>?, definitions: GestureConfig?, devices: Set<DeviceID>?, phases: Set<PhaseKind>?,
        touchpadGestures: Bool = false, consume: Bool = false, touches: Bool = false, trace: Bool = false
    ) {
        self.id = id
        self.names = names
        self.definitions = definitions
        self.devices = devices
        self.phases = phases
        self.touchpadGestures = touchpadGestures
        self.consume = consume
        self.touches = touches
        self.trace = trace
    }

    /// Whether a binding on `device` (a configured one named `name`, or one of its own) is one
    /// it covers.
    public func covers(_ binding: BindingID, named name: String, on device: DeviceID, configured: Bool) -> Bool {
        if let devices, !devices.contains(device) { return false }
        if owned.contains(binding) { return true }
        guard configured else { return false }
        return names.map { $0.contains(name) } ?? (definitions == nil)
    }

    /// The recognizers its definitions hold (what the per-connection and daemon-wide limits count).
    public var definedRecognizers: Int { definitions?.bindings.reduce(0) { $0 + $1.gesture.recognizerCount } ?? 0 }

    /// Whether an event of a binding (configured or not) concerns this subscription.
    public func covers(_ event: GestureEvent, configured: Bool) -> Bool {
        if let devices, !devices.contains(event.device) { return false }
        if owned.contains(event.binding) { return true }
        guard configured else { return false }
        return names.map { $0.contains(event.name) } ?? (definitions == nil)
    }

    /// Whether to deliver `event`, updating what the client has been told.
    public mutating func admit(_ event: GestureEvent) -> Bool {
        if !withheld.isEmpty, withheld.contains(event.instance) {
            if event.phase == .ended || event.phase == .failed { withheld.remove(event.instance) }
            return false
        }
        switch event.phase {
        case .ended, .failed:
            if told.removeValue(forKey: event.instance) != nil { return true }
            return phases?.contains(event.phase) ?? true
        case .active:
            guard phases?.contains(.active) ?? true else { return false }
            told[event.instance] = event
            return true
        case .possible:
            return false
        }
    }
}
