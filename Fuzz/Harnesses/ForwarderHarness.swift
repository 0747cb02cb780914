import Evdev
import GestureCore
import GestureForwarding

/// Raw events of a grabbed touchscreen (protocol B, 10 slots) through ``TouchForwarder``, with an
/// owner whose verdicts come from the input too (any verdict, any order: the forwarder must hold
/// for every owner). Invariants: the twin is written whole frames; a contact (a slot's tracking
/// id: a hostile device may give two slots one id) claimed before it was shown never reaches
/// the twin; once the device has nothing down and time has passed every
/// window, the twin has nothing down either (nothing stuck); after ``TouchForwarder/release``
/// the twin is neutral.
enum ForwarderHarness {
    /// An owner that says what the input says.
    struct Owner: TouchOwnership {
        var verdicts: [Int32: TouchVerdict] = [:]
        var isDeciding = false
        var consumptions: UInt64 = 0
        func verdict(forContact trackingID: Int32) -> TouchVerdict? { verdicts[trackingID] }
    }

    static let description = DeviceDescription(
        name: "grabbed", bus: 0x18, properties: [EventCode.INPUT_PROP_DIRECT],
        codes: [EventCode.EV_KEY: [EventCode.BTN_TOUCH], EventCode.EV_ABS: [EventCode.ABS_MT_TOOL_TYPE]],
        absinfo: [
            EventCode.ABS_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10), EventCode.ABS_Y: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            EventCode.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 9), EventCode.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            EventCode.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            EventCode.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535), EventCode.ABS_MT_TOOL_TYPE: AbsInfo(minimum: 0, maximum: 2),
        ])

    static let codes: [UInt16] = [
        EventCode.ABS_MT_SLOT, EventCode.ABS_MT_TRACKING_ID, EventCode.ABS_MT_POSITION_X, EventCode.ABS_MT_POSITION_Y,
        EventCode.ABS_X, EventCode.ABS_Y,
    ]

    /// Bytes, 4 per step: what (0–5: an `EV_ABS` of `codes`; 6: `BTN_TOUCH`; 7: the frame ends,
    /// with the next byte setting verdicts; 8: time passes), and three of value. Tracking ids
    /// stay small (0…15) so contacts end and come back.
    static func run(_ data: UnsafeRawBufferPointer) {
        var forwarder = TouchForwarder(description: description, state: DeviceState(), twin: DeviceState(), decisionWindow: TouchForwarder.defaultDecisionWindow, cancelsWithPalm: true)
        var owner = Owner()
        var frame: [InputEvent] = []
        var out: [InputEvent] = []
        var time = Timestamp(microseconds: 1_000_000)
        // Contacts as slot and tracking id (slot << 16 | id).
        var claimedUnseen: Set<Int32> = []
        var shown: Set<Int32> = []
        func contacts() -> Set<Int32> {
            Set(forwarder.source.slots.compactMap { slot, values in
                (values[EventCode.ABS_MT_TRACKING_ID] ?? -1) >= 0 ? slot << 16 | values[EventCode.ABS_MT_TRACKING_ID]! : nil
            })
        }
        var at = 0
        func check(_ written: ArraySlice<InputEvent>) {
            Invariant.check(written.isEmpty || written.last?.type == EventCode.EV_SYN, "the twin was written a frame without its SYN_REPORT")
            var slot = forwarder.twin.currentSlot
            for event in written where event.type == EventCode.EV_ABS {
                if event.code == EventCode.ABS_MT_SLOT { slot = event.value }
                guard event.code == EventCode.ABS_MT_TRACKING_ID, event.value >= 0 else { continue }
                Invariant.check(!claimedUnseen.contains(slot << 16 | event.value), "contact \(event.value) in slot \(slot) was claimed before it was shown, and the twin got it")
                shown.insert(slot << 16 | event.value)
            }
        }
        while at + 4 <= data.count {
            let what = data[at] % 9
            let value = Int32(data[at + 1]) | Int32(data[at + 2]) << 8
            at += 4
            switch what {
            case 0...5:
                let code = codes[Int(what)]
                let v = code == EventCode.ABS_MT_SLOT ? value % 10 : code == EventCode.ABS_MT_TRACKING_ID ? value % 17 - 1 : value % 1001
                frame.append(InputEvent(time: time, type: EventCode.EV_ABS, code: code, value: v))
            case 6:
                frame.append(InputEvent(time: time, type: EventCode.EV_KEY, code: EventCode.BTN_TOUCH, value: value & 1))
            case 7:
                frame.append(InputEvent(time: time, type: EventCode.EV_SYN, code: EventCode.SYN_REPORT, value: 0))
                // The verdicts after this frame, from its byte: two bits per tracking id 0…15.
                let bits = UInt32(data[at - 1]) | UInt32(value) << 8
                for id in Int32(0)..<16 {
                    switch (bits >> UInt32(id % 12 * 2)) & 3 {
                    case 0: owner.verdicts[id] = nil
                    case 1: owner.verdicts[id] = .forward
                    case 2: owner.verdicts[id] = .hold
                    default:
                        if owner.verdicts[id] != .consume { owner.consumptions += 1 }
                        owner.verdicts[id] = .consume
                    }
                }
                owner.isDeciding = value & 0x100 != 0
                let before = contacts()
                let first = out.count
                forwarder.forward(frame, owner: owner, into: &out)
                let after = contacts()
                // A contact that ended is forgotten first: in the frame its slot is freed, a
                // contact that lifted while held earlier (with the same id, from a device that
                // reuses ids at once) may be played there, and is another contact.
                for contact in before.subtracting(after) {
                    claimedUnseen.remove(contact)
                    shown.remove(contact)
                }
                check(out[first...])
                // A contact claimed while the twin never had it stays claimed until it lifts.
                for contact in after where owner.verdicts[contact & 0xffff] == .consume && !shown.contains(contact) { claimedUnseen.insert(contact) }
                frame.removeAll()
                time = time + 0.008
            default:
                time = time + Double(value % 400) / 1000
                let first = out.count
                forwarder.advance(to: time, owner: owner, into: &out)
                check(out[first...])
            }
        }
        // Nothing down on the device, every window past, nobody deciding: nothing down on the twin.
        if !forwarder.source.hasContactDown {
            owner.isDeciding = false
            let first = out.count
            forwarder.advance(to: time + 10, owner: owner, into: &out)
            check(out[first...])
            let twinContacts = forwarder.twin.slots.values.filter { ($0[EventCode.ABS_MT_TRACKING_ID] ?? -1) >= 0 }
            Invariant.check(twinContacts.isEmpty, "the device has nothing down and the twin still shows \(twinContacts.count) contact(s)")
        }
        forwarder.release(at: time, into: &out)
        Invariant.check(forwarder.twinIsNeutral, "after release the twin still shows something")
    }
}
