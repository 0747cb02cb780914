import Evdev
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
    /// How long a contact a consuming gesture may claim is held back unless the configuration
    /// says otherwise: 300 ms, a hand's rest before it sweeps, a swipe's settle and its first
    /// millimetres (docs/OWNERSHIP.md says what 150 ms let through).
    public static let defaultDecisionWindow: Seconds = 0.3

    /// How long a contact may be held while a consuming gesture decides; then it is let go
    /// (a change applies to contacts held from then on, and to those held now).
    public var decisionWindow: Seconds
    /// The twin reports `ABS_MT_TOOL_TYPE`: a claimed contact already shown becomes a palm
    /// there; without it, it lifts.
    public let cancelsWithPalm: Bool
    /// The device's state as the kernel holds it (every event applied).
    public var source: DeviceState { device.deviceState }
    /// What the twin holds, as far as the forwarder wrote it.
    public var twin: DeviceState { copy.deviceState }

    /// The device and the twin, in flat storage.
    var device: FlatDeviceState
    var copy: FlatDeviceState
    /// `BTN_TOOL_*` finger-count keys the device has, by count (index 0: one finger).
    let fingerKeys: [UInt16?]
    let hasTouchKey: Bool
    let pointerAxes: [UInt16]
    /// Each slot's contact as the forwarder knows it (nil: none).
    var contacts: [ForwardedContact?]
    /// The tracking id each slot had after the last frame (-1: none).
    var tracking: [Int32]
    /// Whether a shown contact may be held again (not once the window let it go).
    var holdable: [Bool]
    /// Contacts that lifted while held, waiting for their verdict.
    var lifted: [HeldContact] = []
    /// The twin holds what the device holds (every contact shown, nothing waits): a frame
    /// that begins no contact and whose contacts are all free passes as it came.
    var mirrored = false
    /// Scratch of one call: the slots the frame changed, the events passed as they came.
    var changed: [Bool]
    var changedSlots: [Int32] = []
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
        let slots = max(1, description.slotCount)
        device = FlatDeviceState(state, slots: slots)
        copy = FlatDeviceState(twin ?? state, slots: slots)
        let keys = [EventCode.BTN_TOOL_FINGER, EventCode.BTN_TOOL_DOUBLETAP, EventCode.BTN_TOOL_TRIPLETAP, EventCode.BTN_TOOL_QUADTAP, EventCode.BTN_TOOL_QUINTTAP]
        fingerKeys = keys.map { description.supports(EventCode.EV_KEY, $0) ? $0 : nil }
        hasTouchKey = description.supports(EventCode.EV_KEY, EventCode.BTN_TOUCH)
        pointerAxes = [EventCode.ABS_X, EventCode.ABS_Y, EventCode.ABS_PRESSURE].filter {
            description.absinfo[$0] != nil || description.supports(EventCode.EV_ABS, $0)
        }
        contacts = [ForwardedContact?](repeating: nil, count: slots)
        tracking = [Int32](repeating: -1, count: slots)
        holdable = [Bool](repeating: false, count: slots)
        changed = [Bool](repeating: false, count: slots)
        changedSlots.reserveCapacity(slots)
        passing.reserveCapacity(8)
        for slot in 0..<Int32(slots) where device.trackingID(slot) >= 0 {
            tracking[Int(slot)] = device.trackingID(slot)
            contacts[Int(slot)] = .shown
        }
        mirrored = twin == nil
    }

    var slotCount: Int32 { Int32(contacts.count) }

    /// When a held contact is let go if nothing decides first; nil when none is held.
    public var nextDeadline: Timestamp? {
        var earliest: Timestamp?
        for case .held(let since, _, _)? in contacts {
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
    public var twinIsNeutral: Bool { !copy.hasContact && !copy.anyKeyDown && lifted.isEmpty }

    /// Whether every contact is shown as it is and nothing waits: the twin equals the device.
    public var isTransparent: Bool {
        lifted.isEmpty && !contacts.contains { $0 != nil && $0 != .shown }
    }

    /// Takes one frame of the device (its events up to and including `SYN_REPORT`), after the
    /// owner recognized it, and appends what the twin must be written: frames of held contacts
    /// let go, then this frame's changes, each ending in `SYN_REPORT`. A frame that begins no
    /// contact, on a twin that mirrors the device, whose contacts are all free, is written as
    /// it came (the common case: one pass, no diff).
    public mutating func forward(_ events: [InputEvent], owner: some TouchOwnership, into out: inout [InputEvent]) {
        guard let time = events.last?.time else { return }
        for slot in changedSlots { changed[Int(slot)] = false }
        changedSlots.removeAll(keepingCapacity: true)
        passing.removeAll(keepingCapacity: true)
        let slot = device.currentSlot
        var begins = false
        for event in events {
            switch event.type {
            case EventCode.EV_SYN:
                continue
            case EventCode.EV_ABS where event.code == EventCode.ABS_MT_SLOT:
                device.currentSlot = event.value
            case EventCode.EV_ABS where EventCode.isMultitouchAxis(event.code):
                let slot = device.currentSlot
                device.set(slot: slot, code: event.code, event.value)
                if slot >= 0, slot < slotCount, !changed[Int(slot)] {
                    changed[Int(slot)] = true
                    changedSlots.append(slot)
                }
                if event.code == EventCode.ABS_MT_TRACKING_ID && event.value >= 0 { begins = true }
            case EventCode.EV_ABS:
                device.setAxis(event.code, event.value)
            case EventCode.EV_KEY:
                if event.value == 0 || event.value == 1 { device.setKey(event.code, event.value == 1) }
            default:
                passing.append(event)
            }
        }
        if mirrored, !begins, lifted.isEmpty, allFree(owner) {
            pass(events, from: slot, into: &out)
            return
        }
        settle(at: time, owner: owner, into: &out)
    }

    /// Whether every contact still down after the frame is free (the owner claims none).
    func allFree(_ owner: some TouchOwnership) -> Bool {
        for slot in 0..<contacts.count {
            let id = device.trackingID(Int32(slot))
            guard id >= 0 else { continue }
            if let verdict = owner.verdict(forContact: id), verdict != .forward { return false }
        }
        return true
    }

    /// Writes a frame to the twin as the device sent it, and keeps the twin's state with it. The
    /// device's events apply to the slot it had selected (`slot`); a twin that has another one
    /// selected (a held contact was played in a slot of its own) is told first.
    mutating func pass(_ events: [InputEvent], from slot: Int32, into out: inout [InputEvent]) {
        if copy.currentSlot != slot, let first = events.first {
            out.append(InputEvent(time: first.time, type: EventCode.EV_ABS, code: EventCode.ABS_MT_SLOT, value: slot))
            copy.currentSlot = slot
        }
        for event in events {
            switch event.type {
            case EventCode.EV_ABS where event.code == EventCode.ABS_MT_SLOT:
                copy.currentSlot = event.value
            case EventCode.EV_ABS where EventCode.isMultitouchAxis(event.code):
                copy.set(slot: copy.currentSlot, code: event.code, event.value)
            case EventCode.EV_ABS:
                copy.setAxis(event.code, event.value)
            case EventCode.EV_KEY:
                if event.value == 0 || event.value == 1 { copy.setKey(event.code, event.value == 1) }
            default:
                break
            }
        }
        out.append(contentsOf: events)
        for slot in changedSlots {
            let id = device.trackingID(slot)
            tracking[Int(slot)] = id
            if id < 0 { contacts[Int(slot)] = nil }
        }
    }

    /// Takes the device's state read again after events were lost (`SYN_DROPPED`): contacts
    /// that ended meanwhile end on the twin, new ones are judged as new, nothing stays stuck.
    public mutating func resynchronize(to state: DeviceState, at time: Timestamp, owner: some TouchOwnership, into out: inout [InputEvent]) {
        device = FlatDeviceState(state, slots: contacts.count)
        for slot in changedSlots { changed[Int(slot)] = false }
        changedSlots.removeAll(keepingCapacity: true)
        for slot in 0..<slotCount {
            changed[Int(slot)] = true
            changedSlots.append(slot)
        }
        passing.removeAll(keepingCapacity: true)
        settle(at: time, owner: owner, into: &out)
    }

    /// Lets time pass with no frame: held contacts whose window ended, and lifted contacts the
    /// owner gave up on, are played to the twin.
    public mutating func advance(to time: Timestamp, owner: some TouchOwnership, into out: inout [InputEvent]) {
        for slot in changedSlots { changed[Int(slot)] = false }
        changedSlots.removeAll(keepingCapacity: true)
        passing.removeAll(keepingCapacity: true)
        settle(at: time, owner: owner, into: &out)
    }

    /// Ends every contact and key on the twin (before the grab ends or the twin goes away),
    /// forgetting what was held: the desktop is left with nothing down.
    public mutating func release(at time: Timestamp, into out: inout [InputEvent]) {
        lifted.removeAll()
        for slot in 0..<slotCount where copy.trackingID(slot) >= 0 {
            write(slot: slot, code: EventCode.ABS_MT_TRACKING_ID, value: -1, at: time, into: &out)
        }
        for key in copy.keysDown { write(key: key, down: false, at: time, into: &out) }
        endFrame(at: time, into: &out)
        for slot in contacts.indices {
            contacts[slot] = nil
            tracking[slot] = -1
        }
        mirrored = false
    }
}
