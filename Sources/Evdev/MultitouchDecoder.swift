import GestureCore

/// Turns one device's evdev events into ``TouchFrame``s, one per SYN_REPORT, in millimetres.
///
/// - Protocol B (slots): a contact is a slot with a tracking id; its id is the tracking id, so a
///   slot whose tracking id changes without a -1 in between ends one contact and begins another.
///   Slots beyond the advertised maximum are accepted.
/// - Protocol A (SYN_MT_REPORT groups): contacts carry no identity, so each report's contacts
///   are matched to the previous frame's by nearest neighbour (tracking ids are used when the
///   device sends them).
/// - Single touch: ABS_X / ABS_Y while BTN_TOUCH is down.
/// - Semi-MT touchpads: the two slots are only a bounding box, but BTN_TOOL_* counts the fingers,
///   so the frame has that many contacts, all at the box's centre: finger count and centroid
///   motion are real, per-finger positions are not (don't attach pinch or rotate to them).
/// - Fake fingers (libinput's `tp_fake_finger`): a touchpad whose BTN_TOOL_* keys count more
///   fingers than it has slots (a pad with no ABS_MT axes, or two slots and three or four
///   fingers) has the fingers past its slots as contacts at the top-most real one's position, so
///   a two-finger scroll on a single-touch Synaptics pad is two fingers moving together.
/// - Tool type: a contact whose ABS_MT_TOOL_TYPE is not a finger (a palm, a pen, a dial) is
///   not a touch. One that starts so is never reported; a finger that becomes one is
///   cancelled, as libinput cancels it on touchscreens, and stays out until it lifts.
///   (Protocol A has no identities to cancel: such a contact just ends.)
/// - Touchpads (not semi-MT): palms and thumbs, as libinput tells them from pressure, size,
///   position and motion (``TouchpadContactFilter``), are left out the same way: never reported,
///   or cancelled when a counted contact turns out to be one — the other fingers then start
///   over (cancelled, and beginning again at the next frame), as libinput cancels its gesture
///   and detects it again with the fingers that count; and a touch jump (libinput's rule)
///   is discarded: the contact stays where it was and moves on from there.
/// - The device's state (``DeviceState``): the kernel passes an axis on only when it changed, so
///   the decoder starts from what the device holds — every slot's axes, the current slot, the
///   single-touch axes, BTN_TOUCH and BTN_TOOL_* — through ``restart(from:at:)``: when a live
///   node is opened, after events were lost, and from a recording's described state. A contact
///   already down then is not a new touch (libinput ignores touches that began before it
///   opened the device): it is never reported, and its slot counts again when its tracking id
///   changes (it lifted, or a new contact came); a single-touch or protocol A device's contact
///   counts again once everything lifted. Its position still stands for the next contact of
///   its slot, which may omit an axis that kept its value.
/// - SYN_DROPPED: events are discarded up to the next SYN_REPORT; that frame cancels every live
///   contact (what happened meanwhile is unknown) and restarts from the device's state — the
///   kernel's, read by the live source, or the decoder's own in a recording — so a finger still
///   down stays out until it lifts, and one that lifted during the gap cannot linger as a ghost.
public struct MultitouchDecoder: Sendable {
    /// The device the frames are for.
    public let device: DeviceID
    /// How the device reports contacts.
    public let mode: MultitouchProtocol
    /// Whether positions are only a bounding box.
    public let isSemiMultitouch: Bool
    /// Whether fingers its BTN_TOOL_* keys count beyond what its slots can report become
    /// contacts at the first one's position (touchpads that are not semi-MT and count more
    /// fingers than they have slots, as libinput does).
    public let addsFakeFingers: Bool
    /// How many contacts it can report (its slots; 1 without ABS_MT axes).
    let slotCapacity: Int
    /// The surface the positions are converted to.
    public let surface: DeviceDescription.Surface

    /// The ABS_MT axes of one contact, as far as they have been reported.
    struct ContactAxes: Sendable {
        var trackingID: Int32?
        var x: Int32?
        var y: Int32?
        var pressure: Int32?
        var major: Int32?
        var minor: Int32?
        var toolType: Int32?

        /// Records an ABS_MT axis; false for codes that are not contact axes.
        mutating func apply(_ code: UInt16, _ value: Int32) -> Bool {
            switch code {
            case EventCode.ABS_MT_TRACKING_ID: trackingID = value
            case EventCode.ABS_MT_POSITION_X: x = value
            case EventCode.ABS_MT_POSITION_Y: y = value
            case EventCode.ABS_MT_PRESSURE: pressure = value
            case EventCode.ABS_MT_TOUCH_MAJOR: major = value
            case EventCode.ABS_MT_TOUCH_MINOR: minor = value
            case EventCode.ABS_MT_TOOL_TYPE: toolType = value
            default: return false
            }
            return true
        }

        /// Down: a non-negative tracking id (when the device sends them) and a position.
        var isDown: Bool { (trackingID ?? 0) >= 0 && x != nil && y != nil }
        /// A finger, as far as the device says (MT_TOOL_FINGER, or no tool type at all).
        var isFinger: Bool { (toolType ?? EventCode.MT_TOOL_FINGER) == EventCode.MT_TOOL_FINGER }
    }

    struct Slot: Sendable {
        var axes = ContactAxes(trackingID: -1)
        /// Its contact was not a finger at some point: out until the tracking id changes.
        var rejected = false
        /// Its contact was down when the decoder (re)started: out until the tracking id changes.
        var heldOver = false
    }

    struct Live: Sendable {
        var id: Int32
        var position: Point
        var normalized: Point
    }

    let xAxis: AbsInfo
    let yAxis: AbsInfo
    /// Millimetres per device unit along each axis, and each axis's span, worked out once.
    let millimetresPerUnitX: Double
    let millimetresPerUnitY: Double
    let spanX: Double
    let spanY: Double
    /// Whether a frame with the same fingers as the last may be built straight from the slots
    /// (``steadyFrame(into:)``): slots with real positions and no touchpad rules to apply. (A
    /// test turns it off, to compare the frames built both ways.)
    var buildsSteadyFramesFromSlots: Bool
    let pressureAxis: AbsInfo?
    var slots: SlotTable
    var slot: Int32 = 0
    var report: [ContactAxes] = []
    var pending = ContactAxes()
    var singleX: Int32 = 0
    var singleY: Int32 = 0
    var touching = false
    var toolFingers = 0
    var live: [Live] = []
    var dropping = false
    /// A single-touch or protocol A device's contacts were down at the (re)start: out until
    /// every contact lifted.
    var heldOverWithoutSlots = false
    /// Tracking ids whose contact stopped being a finger in the frame being built.
    var rejectedNow: Set<Int32> = []
    var nextAnonymousID: Int32 = 0
    /// A touchpad's palm and thumb detection (nil for other devices and semi-MT pads).
    var touchpadFilter: TouchpadContactFilter?
    /// The touches of the last frame that are down but are no fingers (palms and thumbs, as the
    /// touchpad rules judged them), with why: what a view marks. Empty on devices without rules.
    public internal(set) var leftOut: [(contact: Contact, reason: String)] = []
    var filterSamples: [TouchpadContactFilter.Sample] = []
    // Buffers kept between frames, so that a frame allocates nothing (its contacts are in the
    // last frame's buffer once that frame is let go).
    var rawBuffer: [RawContact] = []
    var idBuffer: [Int32] = []
    var nextBuffer: [Live] = []
    var contactsBuffer: [Contact] = []

    /// Creates a decoder for a described device. For a touchpad with per-finger positions,
    /// `touchpad` rules (from libinput's quirks) leave palms and thumbs out; without them the
    /// rules are libinput's defaults for the device.
    public init(device: DeviceID, description: DeviceDescription, touchpad: TouchpadRules? = nil) {
        self.device = device
        if description.kind == .touchpad, !description.isSemiMultitouch {
            touchpadFilter = TouchpadContactFilter(rules: touchpad ?? TouchpadRules(description: description, quirks: DeviceQuirks()))
        }
        mode = description.multitouchProtocol
        isSemiMultitouch = description.isSemiMultitouch
        slotCapacity = description.slotCount
        slots = SlotTable(capacity: slotCapacity)
        addsFakeFingers = description.kind == .touchpad && !description.isSemiMultitouch && slotCapacity > 0
            && (description.fingerToolCount ?? 0) > slotCapacity
        surface = description.surface
        xAxis = description.xAxis ?? AbsInfo(minimum: 0, maximum: 1)
        yAxis = description.yAxis ?? AbsInfo(minimum: 0, maximum: 1)
        spanX = Double(xAxis.span)
        spanY = Double(yAxis.span)
        millimetresPerUnitX = surface.width / spanX
        millimetresPerUnitY = surface.height / spanY
        buildsSteadyFramesFromSlots = mode == .slots && !isSemiMultitouch && !addsFakeFingers && touchpadFilter == nil
        pressureAxis = description.absinfo[EventCode.ABS_MT_PRESSURE] ?? description.absinfo[EventCode.ABS_PRESSURE]
    }

    /// Consumes one event; returns a frame at each SYN_REPORT that has anything to say.
    @inline(__always)
    public mutating func feed(_ event: InputEvent) -> TouchFrame? {
        if dropping {
            if event.type == EventCode.EV_SYN && event.code == EventCode.SYN_REPORT {
                // No state from the kernel here (a recording): the decoder's own stands for it.
                return restart(from: nil, at: event.time)
            }
            return nil
        }
        switch event.type {
        case EventCode.EV_SYN:
            switch event.code {
            case EventCode.SYN_REPORT: return frame(at: event.time)
            case EventCode.SYN_MT_REPORT: endAnonymousContact()
            case EventCode.SYN_DROPPED: dropping = true
            default: break
            }
        case EventCode.EV_KEY:
            if event.code == EventCode.BTN_TOUCH {
                touching = event.value != 0
                if !touching, mode == .singleTouch { heldOverWithoutSlots = false }
            } else if let fingers = EventCode.fingerCount(ofTool: event.code) {
                if event.value != 0 { toolFingers = fingers } else if toolFingers == fingers { toolFingers = 0 }
            }
        case EventCode.EV_ABS:
            absolute(event.code, event.value)
        default:
            break
        }
        return nil
    }

    /// A frame that cancels every live contact (the device went away, or events were lost);
    /// nil when nothing is live.
    public mutating func cancelAll(at time: Timestamp) -> TouchFrame? {
        guard !live.isEmpty else { return nil }
        let contacts = live.map { Contact(id: $0.id, position: $0.position, normalized: $0.normalized, phase: .cancelled) }
        live.removeAll()
        return TouchFrame(device: device, time: time, contacts: contacts)
    }

    /// Starts again from the device's state: cancels every live contact (the frame returned,
    /// nil when none was live), then takes `state` — when a live node is opened and after events
    /// were lost, as the kernel holds it — or, with nil, keeps the decoder's own slots and keys
    /// (a recording, which has no kernel to ask). Every contact down in it is held over: not a
    /// new touch, never reported, out until its tracking id changes (single-touch and protocol
    /// A devices: until everything lifted).
    @inline(never)  // a cold path: kept out of `feed`, which every event runs
    public mutating func restart(from state: DeviceState?, at time: Timestamp) -> TouchFrame? {
        let cancelled = cancelAll(at: time)
        dropping = false
        report.removeAll()
        pending = ContactAxes()
        rejectedNow.removeAll()
        if let state {
            slots.removeAll()
            for (number, axes) in state.slots {
                slots.update(number) { slot in
                    for (code, value) in axes { _ = slot.axes.apply(code, value) }
                }
            }
            slot = state.currentSlot
            if let x = state.axes[EventCode.ABS_X] { singleX = x }
            if let y = state.axes[EventCode.ABS_Y] { singleY = y }
            touching = state.keysDown.contains(EventCode.BTN_TOUCH)
            toolFingers = state.keysDown.compactMap(EventCode.fingerCount(ofTool:)).max() ?? 0
        }
        slots.holdOverContactsDown()
        switch mode {
        case .singleTouch: heldOverWithoutSlots = touching
        case .anonymous: heldOverWithoutSlots = touching || cancelled != nil
        case .slots, .none: heldOverWithoutSlots = false
        }
        return cancelled
    }

    /// The decoder's view of the device: its slots as they stand, the current slot, the
    /// single-touch axes and the keys it follows.
    public var state: DeviceState {
        var result = DeviceState(currentSlot: slot, axes: [EventCode.ABS_X: singleX, EventCode.ABS_Y: singleY])
        for number in slots.numbers {
            let axes = slots.slot(number).axes
            var values: [UInt16: Int32] = [:]
            for (code, value) in [
                (EventCode.ABS_MT_TRACKING_ID, axes.trackingID), (EventCode.ABS_MT_POSITION_X, axes.x), (EventCode.ABS_MT_POSITION_Y, axes.y),
                (EventCode.ABS_MT_PRESSURE, axes.pressure), (EventCode.ABS_MT_TOUCH_MAJOR, axes.major), (EventCode.ABS_MT_TOUCH_MINOR, axes.minor),
                (EventCode.ABS_MT_TOOL_TYPE, axes.toolType),
            ] {
                if let value { values[code] = value }
            }
            result.slots[number] = values
        }
        if touching { result.keysDown.insert(EventCode.BTN_TOUCH) }
        if toolFingers > 0, let key = EventCode.tool(countingFingers: toolFingers) { result.keysDown.insert(key) }
        return result
    }

    @inline(__always)
    mutating func absolute(_ code: UInt16, _ value: Int32) {
        switch mode {
        case .slots:
            if code == EventCode.ABS_MT_SLOT {
                slot = value
                return
            }
            slots.update(slot) { Self.apply(code, value, to: &$0) }
        case .anonymous:
            _ = pending.apply(code, value)
        case .singleTouch:
            if code == EventCode.ABS_X { singleX = value } else if code == EventCode.ABS_Y { singleY = value }
        case .none:
            break
        }
    }

    /// One axis event for a slot.
    @inline(__always)
    static func apply(_ code: UInt16, _ value: Int32, to state: inout Slot) {
        if code == EventCode.ABS_MT_TRACKING_ID, value != state.axes.trackingID {
            state.rejected = false
            state.heldOver = false
        }
        _ = state.axes.apply(code, value)
    }

    mutating func endAnonymousContact() {
        if pending.isDown, pending.isFinger { report.append(pending) }
        pending = ContactAxes()
    }

    /// One contact as the device reports it now (the id is a hint until ``identities(for:)``).
    typealias RawContact = (id: Int32?, x: Int32, y: Int32, pressure: Int32?, major: Int32?, minor: Int32?)

    /// The contacts as the device reports them now, with the fingers BTN_TOOL_* counts beyond
    /// them at the top-most one's position (``addsFakeFingers``), in `contacts` (emptied first).
    /// Returns how many it added (at the end).
    @discardableResult
    mutating func currentContacts(into contacts: inout [RawContact]) -> Int {
        reportedContacts(into: &contacts)
        // libinput's rule: only fingers past the slots are fake (a palm the firmware still
        // counts on a pad with slots to spare is no finger).
        // While a contact down at the (re)start stays down, the fingers counted are that hand's.
        guard addsFakeFingers, var topmost = contacts.first, toolFingers > slotCapacity, toolFingers > contacts.count,
            !slots.holdsContactOver
        else { return 0 }
        // At the top-most real touch, every frame (libinput's `tp_position_fake_touches`): a
        // thumb resting in the button area must not drag the fake fingers down with it.
        for contact in contacts.dropFirst() where contact.y < topmost.y { topmost = contact }
        let placed = contacts.count
        for extra in placed..<toolFingers {
            contacts.append((Self.fakeID - Int32(extra), topmost.x, topmost.y, nil, nil, nil))
        }
        return toolFingers - placed
    }

    /// The ids of fake fingers count down from here (far from the device's tracking ids).
    static let fakeID = Int32.max - 16

    /// The contacts as the device reports them, in `contacts` (emptied first).
    mutating func reportedContacts(into contacts: inout [RawContact]) {
        contacts.removeAll(keepingCapacity: true)
        switch mode {
        case .slots:
            // Slot order: any negative numbers, the array, any numbers past it.
            let far = slots.farNumbers
            for number in far where number < 0 { report(slot: number, into: &contacts) }
            for index in 0..<slots.near.count { report(slot: Int32(index), into: &contacts) }
            for number in far where number >= 0 { report(slot: number, into: &contacts) }
            if isSemiMultitouch, !contacts.isEmpty {
                // The box of a hand down at the (re)start is still that hand's.
                if slots.holdsContactOver {
                    contacts.removeAll(keepingCapacity: true)
                    return
                }
                let active = contacts.count
                let count = max(toolFingers, active)
                // The box's centre, in the buffer itself (no array per frame).
                let x = Int32(contacts.reduce(Int64(0)) { $0 + Int64($1.x) } / Int64(active))
                let y = Int32(contacts.reduce(Int64(0)) { $0 + Int64($1.y) } / Int64(active))
                contacts.removeAll(keepingCapacity: true)
                for index in 0..<count { contacts.append((Int32(index), x, y, nil, nil, nil)) }
            }
        case .anonymous:
            endAnonymousContact()
            defer { report.removeAll() }
            if heldOverWithoutSlots {
                if report.isEmpty { heldOverWithoutSlots = false }
                return
            }
            if !touching && report.isEmpty { return }
            for axes in report { contacts.append((axes.trackingID, axes.x!, axes.y!, axes.pressure, axes.major, axes.minor)) }
        case .singleTouch:
            if touching && !heldOverWithoutSlots { contacts.append((0, singleX, singleY, nil, nil, nil)) }
        case .none:
            break
        }
    }

    /// Adds a slot's contact when it is down, not held over from a (re)start, and a finger (one
    /// that stops being a finger is marked out now, and stays out until its tracking id changes).
    @inline(__always)
    mutating func report(slot number: Int32, into contacts: inout [RawContact]) {
        // Read first: only a contact that stops being a finger changes its slot.
        let state = slots.slot(number)
        guard state.axes.trackingID ?? -1 >= 0, !state.rejected, !state.heldOver else { return }
        let axes = state.axes
        if axes.isFinger {
            contacts.append((axes.trackingID, axes.x ?? 0, axes.y ?? 0, axes.pressure, axes.major, axes.minor))
        } else {
            slots.update(number) { $0.rejected = true }
            if let id = axes.trackingID { rejectedNow.insert(id) }
        }
    }

}
