/// The round: after input or time, the arenas decide, every state settles, the events are
/// built (failures, ends, activity, each in attach order), callbacks run, and lifted touches,
/// settled arenas and finished instances are cleared — atomically, "state first, then
/// announcements" (the steps in ``GestureEngine``'s documentation).
extension GestureEngine {
    /// Callbacks run while the engine announces a frame; changing the engine from one would
    /// change the arena under its own feet.
    func checkNotDispatching(_ function: StaticString = #function) {
        precondition(!dispatching, "GestureEngine.\(function) called from a gesture callback")
    }

    /// The time a call is processed at: its own, or `now` if that is later.
    func clamp(_ time: Timestamp) -> Timestamp {
        if time > now { now = time }
        return now
    }

    func collect(_ body: (inout [GestureEvent]) -> Void) -> EngineOutput {
        checkNotDispatching()
        var events: [GestureEvent] = []
        body(&events)
        return EngineOutput(events: events, nextDeadline: nextDeadline)
    }

    func fireDeadlines(upTo time: Timestamp, into events: inout [GestureEvent]) {
        while let due = nextDeadline, due <= time {
            for case let binding? in bindings {
                guard let deadline = binding.deadline, deadline <= due else { continue }
                touched(binding, binding.box.advance(due))
                if let again = binding.deadline, again <= due {
                    // A recognizer that does not move its deadline would stall time: fail it.
                    fail(binding, .timeout)
                }
                failIfStranded(binding, live: binding.touches)
            }
            finishRound(at: due, endedSlots: 0, on: nil, into: &events)
        }
    }

    /// Adds a binding to this round's work list.
    func enlist(_ index: Int) {
        enlist(bindings[index]!)
    }

    /// Adds a binding to this round's work list (given the binding itself: fetching it again by
    /// index cost a retain and a release per change).
    func enlist(_ binding: Binding) {
        if !binding.inRound {
            binding.inRound = true
            round.append(binding.id.rawValue)
        }
    }

    /// Notes that a binding's recognizer changed: keep its new status, put it in the round.
    ///
    /// A binding that was `possible` and still is, with nothing to settle or announce, stays
    /// out of the round: no step of the round has anything to do for it (it cannot claim an
    /// arena, has no event and nothing to reset), and most bindings spend most frames so,
    /// waiting for their fingers or their distance.
    func touched(_ binding: Binding, _ status: RecognizerStatus) {
        let waited = binding.kind == .possible
        if binding.apply(status) { deadlinesChanged = true }
        if waited, status.kind == .possible, !binding.settles, !binding.announces, binding.stage == .open { return }
        binding.dirty = true
        enlist(binding)
    }

    func fail(_ binding: Binding, _ reason: FailureReason) {
        touched(binding, binding.box.fail(reason))
    }

    /// The recognizer contract: with no live touches, be terminal or wait for a deadline.
    func failIfStranded(_ binding: Binding, live: UInt64) {
        if live == 0, !binding.isTerminal, binding.deadline == nil {
            fail(binding, .notRecognized)
        }
    }

    /// Ends a round (steps 3 to 6). Its loops read bindings `unowned(unsafe)`: `bindings` holds
    /// every one of them for the whole round (nothing detaches a binding mid-round, and callbacks
    /// cannot call the engine), and a strong local cost a retain and a release per binding and pass.
    func finishRound(at time: Timestamp, endedSlots: UInt64, on device: DeviceState?, into events: inout [GestureEvent]) {
        resolveArenas()
        round.sort()
        for i in round.indices {
            let index = round[i]
            unowned(unsafe) let binding = bindings[index]!
            if binding.settles { binding.box.settle(binding.stage >= .accepted) }
        }
        announce(at: time, into: &events)
        dispatching = true
        for i in round.indices {
            let index = round[i]
            unowned(unsafe) let binding = bindings[index]!
            if binding.announces { binding.box.announce(binding.stage >= .accepted) }
        }
        dispatching = false
        if consumingDevices != 0 { updateClaims(device) }
        if let device, endedSlots != 0 {
            for position in device.bindings.indices {
                unowned(unsafe) let binding = bindings[device.bindings[position]]!
                binding.touches &= ~endedSlots
                binding.watched &= ~endedSlots
                if binding.touches == 0 { resetIfFinished(binding) }
            }
            var slots = endedSlots
            while slots != 0 {
                let slot = slots.trailingZeroBitCount
                slots &= slots - 1
                let arena = device.arenaOfSlot[slot]
                if arena >= 0 { board.lift(arena) }
                device.arenaOfSlot[slot] = -1
            }
            device.table.remove(endedSlots)
            device.consumedSlots &= ~endedSlots
        }
        board.closeSettled()
        for i in round.indices {
            let index = round[i]
            unowned(unsafe) let binding = bindings[index]!
            resetIfFinished(binding)
            binding.dirty = false
            binding.inRound = false
        }
        if let device, endedSlots != 0 {
            refreshWorking(device)
        } else {
            for i in round.indices { bindings[round[i]]!.publishWorking() }
        }
        round.removeAll()
        board.round &+= 1
    }

    /// Resets a finished instance once its touches are up and its arenas decided — and, for
    /// one that failed, once every touch it could see is up: a failed gesture stays failed until
    /// the interaction ends (SwiftUI's and libinput's rule), so a finger lifted and put down
    /// again inside a hand that is still on the glass does not start a fresh tap.
    func resetIfFinished(_ binding: Binding) {
        if binding.isTerminal, binding.touches == 0, binding.memberships.isEmpty, binding.watched == 0 || binding.kind != .failed {
            if binding.resetInstance() { deadlinesChanged = true }
        }
    }

    /// The two passes of arena resolution: settle accepted bindings, then judge claims.
    static let resolutionPasses = [false, true]

    /// Builds the round's events: failures, then ends, then activity, each in attach order
    /// (the round is sorted by attach order, and the new events are stably ordered by phase).
    func announce(at time: Timestamp, into events: inout [GestureEvent]) {
        let first = events.count
        for i in round.indices {
            let index = round[i]
            unowned(unsafe) let binding = bindings[index]!
            guard binding.stage != .finished else { continue }
            switch binding.kind {
            case .failed:
                // Failed unseen (never announced): nothing to end, but a trace may want it.
                guard binding.stage == .announced else {
                    if recordsUnseenFailures, !binding.failureTraced { traceUnseenFailure(binding, at: time) }
                    continue
                }
                binding.stage = .finished
                events.append(event(binding, .failed, at: time, reason: binding.box.failureReason()))
            case .ended:
                guard binding.stage >= .accepted else { continue }
                // Ends at once (a tap): announced and finished in one event.
                if binding.stage == .accepted { announce(binding) }
                binding.stage = .finished
                events.append(event(binding, .ended, at: time, value: binding.box.wireValue()))
            case .active:
                // Accepted and not yet announced, or announced and changed this round.
                guard binding.stage == .accepted || (binding.stage == .announced && binding.dirty) else { continue }
                events.append(event(binding, .active, at: time, value: binding.box.wireValue()))
            case .possible:
                continue
            }
        }
        // Stable insertion sort of this round's few events by phase: failed, ended, active.
        guard events.count - first > 1 else { return }
        func rank(_ phase: PhaseKind) -> Int {
            switch phase {
            case .failed: 0
            case .ended: 1
            case .active, .possible: 2
            }
        }
        for i in (first + 1)..<events.count {
            var j = i
            while j > first && rank(events[j - 1].phase) > rank(events[j].phase) {
                events.swapAt(j - 1, j)
                j -= 1
            }
        }
    }

    /// Keeps an unannounced failure, once per instance.
    func traceUnseenFailure(_ binding: Binding, at time: Timestamp) {
        binding.failureTraced = true
        unseenFailures.append(UnseenFailure(
            binding: binding.id, name: binding.name, device: binding.device, reason: binding.box.failureReason() ?? .notRecognized, time: time))
    }

    /// Gives an accepted instance its id.
    func announce(_ binding: Binding) {
        binding.announcedID = InstanceID(nextInstance)
        binding.announcedNumber = binding.tally.take()
        binding.stage = .announced
        nextInstance += 1
    }

    func event(
        _ binding: Binding, _ phase: PhaseKind, at time: Timestamp, reason: FailureReason? = nil,
        value: GestureValue? = nil
    ) -> GestureEvent {
        // The first event announces the instance: it gets its id. (Callers change the stage
        // before the call, never after: touching the binding after it made the round retain
        // every binding it looked at.)
        if binding.stage == .accepted { announce(binding) }
        return GestureEvent(
            time: time, device: binding.device, binding: binding.id, name: binding.name, instance: binding.announcedID,
            number: binding.announcedNumber, phase: phase, reason: reason, value: value, state: binding.publishedState?())
    }
}
