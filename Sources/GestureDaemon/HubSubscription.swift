import GestureCore
import GesturePipeline

/// One client subscription: which bindings' events it receives, and which instances it has been
/// told about (they must end for it with exactly one `ended` or `failed`).
final class HubSubscription {
    let id: Int64
    /// Configured gesture names it asked for (nil: every configured gesture, or none when the
    /// subscription has `definitions`).
    let names: Set<String>?
    /// Gestures the client defined inline, attached to every device they apply to.
    let definitions: GestureConfig?
    /// The engine bindings made from `definitions`.
    var owned: Set<BindingID> = []
    /// The same, by the device each is attached to (a paused client's are detached per device).
    var attached: [DeviceID: Set<BindingID>] = [:]
    let devices: Set<DeviceID>?
    let phases: Set<PhaseKind>?
    /// Whether libinput's own touchpad gestures are wanted too.
    let touchpadGestures: Bool
    /// Instances announced to this subscription and not finished yet, with the last event sent.
    var told: [InstanceID: GestureEvent] = [:]
    /// Instances that already ended for this subscription (`failed(sessionInactive)` when its
    /// client was paused) while the engine still runs them: nothing more of them is sent, not
    /// even after it resumes, so each still ends exactly once for it.
    var withheld: Set<InstanceID> = []

    init(
        id: Int64, names: Set<String>?, definitions: GestureConfig?, devices: Set<DeviceID>?, phases: Set<PhaseKind>?,
        touchpadGestures: Bool = false
    ) {
        self.touchpadGestures = touchpadGestures
        self.id = id
        self.names = names
        self.definitions = definitions
        self.devices = devices
        self.phases = phases
    }

    /// Whether an event of `binding` (named `name`, configured or not) concerns this subscription.
    func covers(_ event: GestureEvent, configured: Bool) -> Bool {
        if let devices, !devices.contains(event.device) { return false }
        if owned.contains(event.binding) { return true }
        guard configured else { return false }
        return names.map { $0.contains(event.name) } ?? (definitions == nil)
    }

    /// Whether to deliver `event`, updating what the client has been told.
    func admit(_ event: GestureEvent) -> Bool {
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
