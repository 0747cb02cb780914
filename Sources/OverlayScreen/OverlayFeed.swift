import GestureActions
import GestureClient
import GestureOverlay
import GestureWire

/// Turns what the daemon sends into what the overlay takes: devices from `hello` and
/// `device-added`, `touches` frames, gesture events with their cues, and — through the actions
/// file's ``ActionTracker``, as `gesturectl view` does — what that file runs for each instance
/// (without running it: the runner does).
public struct OverlayFeed: Sendable {
    var tracker: ActionTracker?
    let actions: [ActionSpec]
    /// Whether a runner (`gesturectl actions`, the user unit) runs the file now, as its status in
    /// `$XDG_RUNTIME_DIR/gestured` says: a card says "ran" then, and "would run" when none does
    /// (the overlay itself runs nothing). Set by the program.
    public var runnerRuns = false

    /// A feed; `actions` (the user's actions file) says what ran for each gesture.
    public init(actions: ActionsFile?) {
        tracker = actions.map { ActionTracker(actions: $0.actions) }
        self.actions = actions?.actions ?? []
    }

    /// What the overlay takes for one client event, at `now` (seconds, monotonic).
    public mutating func events(_ event: ClientEvent, at now: Double) -> [OverlayEvent] {
        switch event {
        case .connected(let hello):
            tracker?.reset()
            return [.reset] + hello.devices.compactMap(Self.device).map(OverlayEvent.device)
        case .resumed(let devices):
            return [.reset] + devices.compactMap(Self.device).map(OverlayEvent.device)
        case .paused, .disconnected:
            tracker?.reset()
            return [.reset]
        case .deviceAdded(let device):
            return Self.device(device).map { [.device($0)] } ?? []
        case .deviceRemoved(let id):
            return [.deviceRemoved(id)]
        case .touches(let frame):
            guard let device = frame["device"]?.intValue, let contacts = frame["contacts"]?.arrayValue else { return [] }
            return [.touches(device: device, contacts: contacts.compactMap(Self.contact))]
        case .gesture(let update):
            var events: [OverlayEvent] = []
            let phase: OverlayGesture.Phase
            switch update.phase {
            case .active: phase = .active
            case .ended: phase = .ended
            case .failed: phase = .failed
            case .possible: return []
            }
            // What ran comes before the end it ran for, so that the card confirms it.
            if let firings = tracker?.handle(
                ActionEvent(
                    gesture: update.gesture, instance: update.instance, device: update.device, phase: update.phase, reason: update.reason,
                    value: update.value, state: update.state, isSnapshot: update.isSnapshot),
                at: now)
            {
                for firing in firings where actions.indices.contains(firing.action) {
                    events.append(.action(gesture: update.gesture, instance: update.instance, text: (runnerRuns ? "ran " : "would run ") + firing.summary(of: actions[firing.action])))
                }
            }
            let gesture = OverlayGesture(
                name: update.gesture, instance: update.instance, device: update.device, phase: phase, reason: update.reason,
                cue: OverlayCue(value: update.value))
            if phase == .active, events.isEmpty { return [.gesture(gesture)] }
            return phase == .active ? [.gesture(gesture)] + events : events + [.gesture(gesture)]
        default:
            return []
        }
    }

    /// A device of `hello`, `device-added` or `resumed`.
    static func device(_ value: JSONValue) -> OverlayDevice? {
        guard let id = value["id"]?.intValue else { return nil }
        let kind: OverlayDevice.Kind
        switch value["kind"]?.stringValue {
        case "touchscreen": kind = .touchscreen
        case "touchpad": kind = .touchpad
        default: kind = .other
        }
        return OverlayDevice(id: id, kind: kind, width: value["size"]?["width"]?.doubleValue ?? 100, height: value["size"]?["height"]?.doubleValue ?? 60)
    }

    /// A contact of a `touches` frame.
    static func contact(_ value: JSONValue) -> OverlayContact? {
        guard let id = value["id"]?.intValue, let x = value["x"]?.doubleValue, let y = value["y"]?.doubleValue else { return nil }
        let phase = value["phase"]?.stringValue
        return OverlayContact(id: id, x: x, y: y, lifted: phase == "ended" || phase == "cancelled")
    }
}
