import GestureCore

/// The decisions of a grabbed device's forwarding, as a value: the device's frames come in as
/// the kernel sent them, with the owner's verdict on each contact (``TouchOwnership``), and the
/// events to write to the device's twin (a uinput copy the desktop reads instead) come out.
/// Pure: time comes with the frames and ``advance(to:owner:into:)``; the next deadline goes out
/// in ``nextDeadline``. The daemon applies what it returns (docs/OWNERSHIP.md).
///
/// Per contact (protocol B slots, by tracking id):
/// - **forward**: the twin mirrors it as it happens;
/// - **hold**: its changes are kept back — a new contact is not shown, one already shown stays
///   where it was — until the verdict changes or ``decisionWindow`` passes; let go, it appears
///   where it began, then (a frame later) where it is now, and is mirrored from then on; one
///   that lifted while held is played as it began, where it last was, and its lift (a tap is
///   still one tap). The motion in between is one step: uinput stamps events when they are
///   written, so frames played at once would read as a jump at any speed (libinput discards
///   such a step, and the motion goes on from there);
/// - **consume**: never shown again until it lifts; one already shown is cancelled on the
///   twin (its tool becomes `MT_TOOL_PALM`, libinput's own cancel on touchscreens and palm on
///   touchpads, where the twin has `ABS_MT_TOOL_TYPE`; lifted where it has not).
///
/// What depends on the contacts the twin shows is made from them: `BTN_TOUCH`, the finger
/// count of `BTN_TOOL_*` and the single-touch axes (`ABS_X`, `ABS_Y`, `ABS_PRESSURE`) follow
/// the shown contacts (the device's own values while every contact is shown, so a pad that
/// counts more fingers than it has slots keeps its count); other keys, axes and events
/// (buttons, `MSC_TIMESTAMP`) pass as they come.
public struct TouchForwarder: Sendable {
    /// How long a contact may be held while a consuming gesture decides; then it is let go.
    public let decisionWindow: Seconds
    /// The twin reports `ABS_MT_TOOL_TYPE`: a claimed contact already shown becomes a palm
    /// there; without it, it lifts.
    public let cancelsWithPalm: Bool
    /// The device's state as the kernel holds it (every event applied).
    public internal(set) var source: DeviceState
    /// What the twin holds (every event written applied).
    public internal(set) var twin: DeviceState

    let slotCount: Int32
    /// `BTN_TOOL_*` finger-count keys the device has, by count (index 0: one finger).
    let fingerKeys: [UInt16?]
    let hasTouchKey: Bool
    let pointerAxes: [UInt16]
    /// Each slot's contact as the forwarder knows it (absent: none).
    var contacts: [Int32: ForwardedContact] = [:]
    /// The tracking id each slot had after the last frame.
    var tracking: [Int32: Int32] = [:]
    /// Whether a shown contact may be held again (not once the window let it go).
    var holdable: [Int32: Bool] = [:]
    /// Contacts that lifted while held, waiting for their verdict.
    var lifted: [HeldContact] = []
    /// Scratch of one call: the slots the frame changed, the events passed as they came.
    var changed: Set<Int32> = []
    var passing: [InputEvent] = []
    /// Events written in the frame being built (its `SYN_REPORT` is due when not 0).
    var written = 0
    /// A held contact appeared in the frame being built.
    var appeared = false

    /// Starts forwarding a device whose state is `state` (read when it was grabbed) to a twin
    /// that holds `twin` (a new uinput device holds nothing; nil: the same as the device, as a
    /// twin made from its state would). A contact down in `state` is shown as it is.
    public init(description: DeviceDescription, state: DeviceState, twin: DeviceState? = nil, decisionWindow: Seconds, cancelsWithPalm: Bool) {
        self.decisionWindow = decisionWindow
        self.cancelsWithPalm = cancelsWithPalm
        source = state
        self.twin = twin ?? state
        slotCount = Int32(description.slotCount)
        let keys = [EventCode.BTN_TOOL_FINGER, EventCode.BTN_TOOL_DOUBLETAP, EventCode.BTN_TOOL_TRIPLETAP, EventCode.BTN_TOOL_QUADTAP, EventCode.BTN_TOOL_QUINTTAP]
        fingerKeys = keys.map { description.supports(EventCode.EV_KEY, $0) ? $0 : nil }
        hasTouchKey = description.supports(EventCode.EV_KEY, EventCode.BTN_TOUCH)
        pointerAxes = [EventCode.ABS_X, EventCode.ABS_Y, EventCode.ABS_PRESSURE].filter {
            description.absinfo[$0] != nil || description.supports(EventCode.EV_ABS, $0)
        }
        for (slot, values) in state.slots {
            let id = values[EventCode.ABS_MT_TRACKING_ID] ?? -1
            guard id >= 0 else { continue }
            tracking[slot] = id
            contacts[slot] = .shown
            holdable[slot] = false
        }
    }

    /// When a held contact is let go if nothing decides first; nil when none is held.
    public var nextDeadline: Timestamp? {
        var earliest: Timestamp?
        for case .held(let since, _, _) in contacts.values {
            let due = since + decisionWindow
            if earliest.map({ due < $0 }) ?? true { earliest = due }
        }
        for contact in lifted {
            let due = contact.since + decisionWindow
            if earliest.map({ due < $0 }) ?? true { earliest = due }
        }
        return earliest
    }

    /// Whether the twin shows nothing down (no contact, no key): the grab may end.
    public var twinIsNeutral: Bool { !twin.hasContactDown && twin.keysDown.isEmpty && lifted.isEmpty }

    /// Whether every contact is shown as it is and nothing waits: the twin equals the device.
    public var isTransparent: Bool {
        lifted.isEmpty && !contacts.values.contains { $0 != .shown }
    }

    /// Takes one frame of the device (its events up to and including `SYN_REPORT`), after the
    /// owner recognized it, and appends what the twin must be written: frames of held contacts
    /// let go, then this frame's changes, each ending in `SYN_REPORT`.
    public mutating func forward(_ events: some BidirectionalCollection<InputEvent>, owner: some TouchOwnership, into out: inout [InputEvent]) {
        guard let time = events.last?.time else { return }
        changed.removeAll(keepingCapacity: true)
        passing.removeAll(keepingCapacity: true)
        for event in events {
            switch event.type {
            case EventCode.EV_SYN:
                continue
            case EventCode.EV_ABS where event.code == EventCode.ABS_MT_SLOT:
                source.currentSlot = event.value
            case EventCode.EV_ABS where EventCode.isMultitouchAxis(event.code):
                source.slots[source.currentSlot, default: [:]][event.code] = event.value
                changed.insert(source.currentSlot)
            case EventCode.EV_ABS:
                source.axes[event.code] = event.value
            case EventCode.EV_KEY:
                if event.value == 0 { source.keysDown.remove(event.code) } else if event.value == 1 { source.keysDown.insert(event.code) }
            default:
                passing.append(event)
            }
        }
        settle(at: time, owner: owner, into: &out)
    }

    /// Takes the device's state read again after events were lost (`SYN_DROPPED`): contacts
    /// that ended meanwhile end on the twin, new ones are judged as new, nothing stays stuck.
    public mutating func resynchronize(to state: DeviceState, at time: Timestamp, owner: some TouchOwnership, into out: inout [InputEvent]) {
        changed = Set(state.slots.keys).union(source.slots.keys)
        passing.removeAll(keepingCapacity: true)
        source = state
        settle(at: time, owner: owner, into: &out)
    }

    /// Lets time pass with no frame: held contacts whose window ended, and lifted contacts the
    /// owner gave up on, are played to the twin.
    public mutating func advance(to time: Timestamp, owner: some TouchOwnership, into out: inout [InputEvent]) {
        changed.removeAll(keepingCapacity: true)
        passing.removeAll(keepingCapacity: true)
        settle(at: time, owner: owner, into: &out)
    }

    /// Ends every contact and key on the twin (before the grab ends or the twin goes away),
    /// forgetting what was held: the desktop is left with nothing down.
    public mutating func release(at time: Timestamp, into out: inout [InputEvent]) {
        lifted.removeAll()
        for slot in twin.slots.keys.sorted() where (twin.slots[slot]?[EventCode.ABS_MT_TRACKING_ID] ?? -1) >= 0 {
            write(slot: slot, code: EventCode.ABS_MT_TRACKING_ID, value: -1, at: time, into: &out)
        }
        for key in twin.keysDown.sorted() { write(key: key, down: false, at: time, into: &out) }
        endFrame(at: time, into: &out)
        contacts.removeAll()
        tracking.removeAll()
    }

    // MARK: The verdicts

    /// Applies the verdicts after the source changed: contacts that ended, began or changed,
    /// lifted contacts waiting, then the twin's frame.
    mutating func settle(at time: Timestamp, owner: some TouchOwnership, into out: inout [InputEvent]) {
        var slots = Set(contacts.keys).union(changed)
        for (slot, values) in source.slots where (values[EventCode.ABS_MT_TRACKING_ID] ?? -1) >= 0 { slots.insert(slot) }
        for slot in slots.sorted() {
            let id = source.slots[slot]?[EventCode.ABS_MT_TRACKING_ID] ?? -1
            let before = tracking[slot] ?? -1
            if before != id {
                if before >= 0 { end(slot: slot, trackingID: before, at: time, owner: owner, into: &out) }
                if id >= 0 { begin(slot: slot, trackingID: id, at: time, owner: owner) }
            } else if id >= 0 {
                judge(slot: slot, trackingID: id, at: time, owner: owner, into: &out)
            }
            tracking[slot] = id >= 0 ? id : nil
        }
        settleLifted(at: time, owner: owner, into: &out)
        if appeared {
            derive(at: time, transparent: false, into: &out)
            endFrame(at: time, into: &out)
            appeared = false
        }
        mirror(at: time, into: &out)
    }

    /// A contact that appeared in `slot`.
    mutating func begin(slot: Int32, trackingID: Int32, at time: Timestamp, owner: some TouchOwnership) {
        holdable[slot] = true
        switch owner.verdict(forContact: trackingID) ?? .forward {
        case .forward: contacts[slot] = .shown
        case .hold: contacts[slot] = .held(since: time, shown: false, frames: [source.slots[slot] ?? [:]])
        case .consume: contacts[slot] = .consumed(cancelled: false)
        }
    }

    /// A contact that stays in `slot`: its verdict may have changed.
    mutating func judge(slot: Int32, trackingID: Int32, at time: Timestamp, owner: some TouchOwnership, into out: inout [InputEvent]) {
        let verdict = owner.verdict(forContact: trackingID) ?? .forward
        switch contacts[slot] {
        case .shown?, nil:
            if verdict == .consume {
                cancel(slot: slot, at: time, into: &out)
            } else if verdict == .hold, holdable[slot] ?? false {
                contacts[slot] = .held(since: time, shown: true, frames: changed.contains(slot) ? [source.slots[slot] ?? [:]] : [])
            } else {
                contacts[slot] = .shown
            }
        case .held(let since, let shown, var frames)?:
            if verdict == .consume {
                if shown { cancel(slot: slot, at: time, into: &out) } else { contacts[slot] = .consumed(cancelled: false) }
            } else if verdict == .forward || time - since >= decisionWindow {
                // Let go: one not shown appears where it began (in a frame of its own, with the
                // others let go now), then the frame mirrors where it is.
                if verdict == .hold { holdable[slot] = false }
                if !shown, let first = frames.first {
                    write(values: first, slot: slot, at: time, into: &out)
                    appeared = true
                }
                contacts[slot] = .shown
            } else if changed.contains(slot) {
                frames.append(source.slots[slot] ?? [:])
                contacts[slot] = .held(since: since, shown: shown, frames: Self.bounded(frames))
            }
        case .consumed?:
            break
        }
    }

    /// The contact that was in `slot` lifted (or was replaced).
    mutating func end(slot: Int32, trackingID: Int32, at time: Timestamp, owner: some TouchOwnership, into out: inout [InputEvent]) {
        let verdict = owner.verdict(forContact: trackingID) ?? .forward
        defer { contacts[slot] = nil }
        guard case .held(let since, let shown, var frames)? = contacts[slot] else {
            // Shown or cancelled: the twin lifts it with the source (``mirror(at:into:)``).
            if contacts[slot] == .consumed(cancelled: true) || contacts[slot] == .shown || contacts[slot] == nil {
                lift(slot: slot, at: time, into: &out)
            }
            return
        }
        frames.append([EventCode.ABS_MT_TRACKING_ID: -1])
        switch verdict {
        case .consume:
            if shown {
                cancel(slot: slot, at: time, into: &out)
                lift(slot: slot, at: time, into: &out)
            }
        case .hold where !shown && time - since < decisionWindow:
            lifted.append(HeldContact(trackingID: trackingID, slot: slot, since: since, frames: frames, consumptions: owner.consumptions))
        case .forward, .hold:
            play(slot: slot, frames: frames, at: time, into: &out)
        }
    }

    /// Lifted contacts still held: played when the owner lets them go, gives up, or the window
    /// ends; dropped when it claims them.
    mutating func settleLifted(at time: Timestamp, owner: some TouchOwnership, into out: inout [InputEvent]) {
        guard !lifted.isEmpty else { return }
        var waiting: [HeldContact] = []
        for contact in lifted {
            let verdict = owner.verdict(forContact: contact.trackingID)
            if verdict == .consume || verdict == nil && owner.consumptions != contact.consumptions { continue }
            if verdict == .forward || verdict == nil && !owner.isDeciding || time - contact.since >= decisionWindow {
                guard let slot = freeSlot(preferring: contact.slot) else { continue }
                play(slot: slot, frames: contact.frames, at: time, into: &out)
                continue
            }
            waiting.append(contact)
        }
        lifted = waiting
    }

    /// A twin slot no contact uses, for a lifted contact played late: its own if free.
    func freeSlot(preferring slot: Int32) -> Int32? {
        func free(_ slot: Int32) -> Bool {
            contacts[slot] == nil && (tracking[slot] ?? -1) < 0 && (twin.slots[slot]?[EventCode.ABS_MT_TRACKING_ID] ?? -1) < 0
        }
        if free(slot) { return slot }
        return (0..<max(slotCount, 1)).first(where: free)
    }

    /// Keeps a held contact's frames within a bound (a contact held past it keeps its first
    /// frames and its latest): the decision window bounds them in time, this in memory.
    static func bounded(_ frames: [[UInt16: Int32]]) -> [[UInt16: Int32]] {
        guard frames.count > maxHeldFrames else { return frames }
        var kept = frames
        kept.remove(at: maxHeldFrames - 1)
        return kept
    }

    /// The most frames kept of one held contact.
    static let maxHeldFrames = 512
}
