/// Input and time: frames in (``feed(_:)``: contacts into the touch table, new touches routed,
/// every binding whose touches changed consumes the frame), time passing (``advance(to:)``,
/// deadlines), shutdown, and what a new subscriber needs (``activeInstances(at:)``). Each call is
/// one or more rounds (GestureEngine+Round.swift).
extension GestureEngine {
    /// Consumes one frame; returns its events (after those of any deadline that came first).
    public func feed(_ frame: TouchFrame) -> EngineOutput {
        collect { events in _ = feed(frame, into: &events) }
    }

    /// Consumes one frame, appending its events to `events`; returns the next deadline. Does not
    /// allocate in the steady state when `events` has capacity.
    @discardableResult
    public func feed(_ frame: TouchFrame, into events: inout [GestureEvent]) -> Timestamp? {
        checkNotDispatching()
        let time = clamp(frame.time)
        fireDeadlines(upTo: time, into: &events)
        guard let device = device(frame.device) else { return nextDeadline }
        let (ended, cancelled) = applyContacts(of: frame, to: device, at: time)
        // The bindings at work, by their bits in `busy` (the loop changes no working mask:
        // that happens when the round finishes).
        for word in device.busy.indices {
            var bits = device.busy[word]
            while bits != 0 {
                let position = word << 6 | bits.trailingZeroBitCount
                bits &= bits - 1
                let binding = bindings[device.bindings[position]]!
                if binding.touches & cancelled != 0 {
                    fail(binding, .cancelled)
                    continue
                }
                touched(binding, binding.box.update(TouchInput(time: time, table: device.table, mask: binding.touches)))
                failIfStranded(binding, live: binding.touches & ~ended)
            }
        }
        finishRound(at: time, endedSlots: ended, on: device, into: &events)
        return nextDeadline
    }

    /// Brings the device's touch table up to date with a frame: moves known contacts, adds and
    /// routes new ones, marks known contacts missing from the frame as cancelled. Returns the
    /// slots that ended (lifted or cancelled) and those cancelled.
    func applyContacts(of frame: TouchFrame, to device: DeviceState, at time: Timestamp) -> (ended: UInt64, cancelled: UInt64) {
        let table = device.table
        let slots = table.slots
        var seen: UInt64 = 0
        var routed = false
        for (index, contact) in frame.contacts.enumerated() {
            if let slot = table.slot(ofContact: contact.id, hint: index) {
                let bit: UInt64 = 1 << UInt64(slot)
                guard seen & bit == 0 else { continue }
                seen |= bit
                slots[slot].position = contact.position
                slots[slot].normalized = contact.normalized
                slots[slot].phase = contact.phase == .began ? .moved : contact.phase
            } else if contact.phase.isLive {
                let touch = TrackedTouch(
                    key: nextTouchKey, contactID: contact.id, position: contact.position, normalized: contact.normalized,
                    startPosition: contact.position, startTime: time, phase: .began)
                nextTouchKey += 1
                guard let slot = table.insert(touch) else { continue }
                seen |= 1 << UInt64(slot)
                route(slot, on: device)
                routed = true
            }
        }
        if routed { refreshWorking(device) }
        var ended: UInt64 = 0
        var cancelled: UInt64 = 0
        for slot in table.order {
            let bit: UInt64 = 1 << UInt64(slot)
            if seen & bit == 0 { slots[slot].phase = .cancelled }
            switch slots[slot].phase {
            case .began, .moved, .stationary: break
            case .ended: ended |= bit
            case .cancelled: ended |= bit; cancelled |= bit
            }
        }
        table.changed()
        return (ended, cancelled)
    }

    /// Re-derives a device's working masks; call after touches were routed, lifted or reset.
    func refreshWorking(_ device: DeviceState) {
        for position in device.bindings.indices {
            device.setWorking(position, bindings[device.bindings[position]]!.working)
        }
    }

    /// Lets time pass to `time`: every deadline up to it fires, each at its own time.
    public func advance(to time: Timestamp) -> EngineOutput {
        collect { events in _ = advance(to: time, into: &events) }
    }

    /// Lets time pass, appending the events to `events`; returns the next deadline.
    @discardableResult
    public func advance(to time: Timestamp, into events: inout [GestureEvent]) -> Timestamp? {
        checkNotDispatching()
        fireDeadlines(upTo: clamp(time), into: &events)
        return nextDeadline
    }

    /// Fails every gesture in flight with ``FailureReason/shutdown`` and announces it.
    public func shutdown(at time: Timestamp) -> EngineOutput {
        let time = clamp(time)
        return collect { events in
            fireDeadlines(upTo: time, into: &events)
            for case let binding? in bindings where binding.inFlight { fail(binding, .shutdown) }
            finishRound(at: time, endedSlots: 0, on: nil, into: &events)
        }
    }

    /// When ``advance(to:)`` must next be called, if ever.
    public var nextDeadline: Timestamp? {
        if deadlinesChanged {
            deadlinesChanged = false
            cachedDeadline = nil
            for case let binding? in bindings {
                if let due = binding.deadline, cachedDeadline == nil || due < cachedDeadline! { cachedDeadline = due }
            }
        }
        return cachedDeadline
    }

    /// Every announced instance that is active now, as `active` events stamped `time`, with
    /// their current values and states: what a new subscriber needs to start in sync.
    public func activeInstances(at time: Timestamp) -> [GestureEvent] {
        bindings.compactMap { binding in
            guard let binding, let instance = binding.instance, !binding.finished, binding.kind == .active
            else { return nil }
            return GestureEvent(
                time: time, device: binding.device, binding: binding.id, name: binding.name, instance: instance,
                number: binding.announcedNumber, phase: .active, value: binding.box.wireValue(), state: binding.publishedState?())
        }
    }

    /// Empties ``arenaLog``.
    public func clearArenaLog() { board.log.removeAll(keepingCapacity: true) }

    /// Empties ``unseenFailures``.
    public func clearUnseenFailures() { unseenFailures.removeAll(keepingCapacity: true) }
}
