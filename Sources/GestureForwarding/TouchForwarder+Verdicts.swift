import Evdev
import GestureCore

/// The verdicts applied, contact by contact, after the device changed or time passed: what each
/// contact becomes (shown, held, consumed), and the held ones let go or dropped.
extension TouchForwarder {
    /// Applies the verdicts after the source changed: contacts that ended, began or changed,
    /// lifted contacts waiting, then the twin's frame.
    mutating func settle(at time: Timestamp, owner: some TouchOwnership, into out: inout [InputEvent]) {
        for slot in 0..<slotCount {
            let id = device.trackingID(slot)
            let before = tracking[Int(slot)]
            guard id >= 0 || before >= 0 || contacts[Int(slot)] != nil else { continue }
            if before != id {
                if before >= 0 { end(slot: slot, trackingID: before, at: time, owner: owner, into: &out) }
                if id >= 0 { begin(slot: slot, trackingID: id, at: time, owner: owner) }
            } else if id >= 0 {
                judge(slot: slot, trackingID: id, at: time, owner: owner, into: &out)
            }
            tracking[Int(slot)] = id
        }
        settleLifted(at: time, owner: owner, into: &out)
        if appeared {
            derive(at: time, transparent: false, into: &out)
            endFrame(at: time, into: &out)
            appeared = false
        }
        mirror(at: time, into: &out)
        mirrored = isTransparent
    }

    /// A contact that appeared in `slot`.
    mutating func begin(slot: Int32, trackingID: Int32, at time: Timestamp, owner: some TouchOwnership) {
        holdable[Int(slot)] = true
        switch owner.verdict(forContact: trackingID) ?? .forward {
        case .forward: contacts[Int(slot)] = .shown
        case .hold: contacts[Int(slot)] = .held(since: time, shown: false, frames: [device.snapshot(slot)])
        case .consume: contacts[Int(slot)] = .consumed(cancelled: false)
        }
    }

    /// A contact that stays in `slot`: its verdict may have changed.
    mutating func judge(slot: Int32, trackingID: Int32, at time: Timestamp, owner: some TouchOwnership, into out: inout [InputEvent]) {
        let verdict = owner.verdict(forContact: trackingID) ?? .forward
        let moved = changed[Int(slot)]
        switch contacts[Int(slot)] {
        case .shown?, nil:
            if verdict == .consume {
                cancel(slot: slot, at: time, into: &out)
            } else if verdict == .hold, holdable[Int(slot)] {
                contacts[Int(slot)] = .held(since: time, shown: true, frames: moved ? [device.snapshot(slot)] : [])
            } else {
                contacts[Int(slot)] = .shown
            }
        case .held(let since, let shown, var frames)?:
            if verdict == .consume {
                if shown { cancel(slot: slot, at: time, into: &out) } else { contacts[Int(slot)] = .consumed(cancelled: false) }
            } else if verdict == .forward || time - since >= decisionWindow {
                // Let go: one not shown appears where it began (in a frame of its own, with the
                // others let go now), then the frame mirrors where it is.
                if verdict == .hold { holdable[Int(slot)] = false }
                if !shown, let first = frames.first {
                    write(values: first, slot: slot, at: time, into: &out)
                    appeared = true
                }
                contacts[Int(slot)] = .shown
            } else if moved {
                frames.append(device.snapshot(slot))
                contacts[Int(slot)] = .held(since: since, shown: shown, frames: Self.bounded(frames))
            }
        case .consumed?:
            break
        }
    }

    /// The contact that was in `slot` lifted (or was replaced).
    mutating func end(slot: Int32, trackingID: Int32, at time: Timestamp, owner: some TouchOwnership, into out: inout [InputEvent]) {
        let verdict = owner.verdict(forContact: trackingID) ?? .forward
        defer { contacts[Int(slot)] = nil }
        guard case .held(let since, let shown, var frames)? = contacts[Int(slot)] else {
            // Shown or cancelled: the twin lifts it with the device; never shown: nothing.
            if contacts[Int(slot)] != .consumed(cancelled: false) { lift(slot: slot, at: time, into: &out) }
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
            slot >= 0 && slot < slotCount && contacts[Int(slot)] == nil && tracking[Int(slot)] < 0 && copy.trackingID(slot) < 0
        }
        if free(slot) { return slot }
        return (0..<slotCount).first(where: free)
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
