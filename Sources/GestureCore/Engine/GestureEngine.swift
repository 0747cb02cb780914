/// The gesture engine: devices and their targets, bindings of gestures to targets, one arena
/// per touch, and the frame pipeline. Pure and deterministic: it never reads a clock, sleeps,
/// arms a timer or does I/O. Time comes in with every frame and every ``advance(to:)``; the
/// next deadline goes out with every result, for the caller to schedule.
///
/// Each call is one or more *rounds*, and a round is atomic ("state first, then
/// announcements"):
/// 1. deadlines that have come fire first, each in its own round at its own time;
/// 2. the frame's contacts update the touch table; new touches join the arenas of the
///    bindings they hit; every binding whose touches changed consumes the frame;
/// 3. the arenas decide (accept, reject, preempt) until nothing changes;
/// 4. every ``GestureState`` settles (updates, or resets to its initial value);
/// 5. the events are built in a fixed order: failures, then ends, then activity, each in attach
///    order; then callbacks run, in attach order, seeing only settled state;
/// 6. lifted touches are forgotten, settled arenas close, finished instances reset.
///
/// Every instance that was announced finishes with exactly one `ended` or `failed` event.
/// The engine is not thread-safe and must not be re-entered from a callback.
public final class GestureEngine {
    /// The thresholds gestures fall back to.
    public let settings: GestureSettings
    /// Keep a log of arena decisions in ``arenaLog`` (for tests; off by default).
    public var recordsArenaDecisions = false
    /// Arena decisions since the log was last cleared, when ``recordsArenaDecisions`` is on.
    public private(set) var arenaLog: [ArenaRecord] = []

    var devices: [DeviceID: DeviceState] = [:]
    var targets: [Target?] = []
    var bindings: [Binding?] = []
    var arenas: [Arena] = []
    var freeArenas: [Int] = []
    var openArenas: [Int] = []
    var round: [Int] = []
    var chain: [Int] = []
    var nextTouchKey: UInt64 = 1
    var nextInstance: UInt64 = 1
    var dispatching = false

    /// Creates an engine with no devices.
    public init(settings: GestureSettings = .standard) {
        self.settings = settings
        round.reserveCapacity(64)
        chain.reserveCapacity(8)
    }

    // MARK: Devices and targets

    /// Makes a device known, with its surface; returns its root target. Adding a known device
    /// updates its geometry and returns the same root.
    @discardableResult
    public func addDevice(_ id: DeviceID, geometry: DeviceGeometry) -> TargetID {
        if let device = devices[id] {
            device.geometry = geometry
            return TargetID(device.root)
        }
        let root = targets.count
        targets.append(Target(device: id, parent: nil, depth: 0, region: .all))
        devices[id] = DeviceState(id: id, geometry: geometry, root: root)
        return TargetID(root)
    }

    /// The known devices, in id order.
    public var deviceIDs: [DeviceID] { devices.keys.sorted() }

    /// A device's surface.
    public func geometry(of device: DeviceID) -> DeviceGeometry? { devices[device]?.geometry }

    /// A device's root target.
    public func root(of device: DeviceID) -> TargetID? { devices[device].map { TargetID($0.root) } }

    /// Adds a region inside `parent`. Later siblings lie on top of earlier ones.
    public func addRegion(_ region: Region, in parent: TargetID) -> TargetID {
        guard let parentTarget = targets[parent.rawValue] else {
            preconditionFailure("addRegion: unknown parent \(parent)")
        }
        let index = targets.count
        targets.append(Target(device: parentTarget.device, parent: parent.rawValue, depth: parentTarget.depth + 1, region: region))
        targets[parent.rawValue]!.children.append(index)
        return TargetID(index)
    }

    /// Forgets a device: every gesture in flight on it fails with ``FailureReason/deviceRemoved``
    /// (announced in the returned events), then its touches, targets and bindings are gone.
    public func removeDevice(_ id: DeviceID, at time: Timestamp) -> EngineOutput {
        collect { events in
            fireDeadlines(upTo: time, into: &events)
            guard let device = devices[id] else { return }
            for index in device.bindings {
                let binding = bindings[index]!
                if binding.inFlight { fail(binding, .deviceRemoved) }
            }
            finishRound(at: time, endedSlots: device.table.used, on: device, into: &events)
            for index in device.bindings { bindings[index] = nil }
            for index in targets.indices where targets[index]?.device == id { targets[index] = nil }
            devices[id] = nil
        }
    }

    // MARK: Bindings

    /// Attaches `gesture` to `target`. The binding lives until detached or its device is removed.
    ///
    /// - Parameters:
    ///   - name: Published with every event of the binding.
    ///   - priority: How it competes in the arena.
    ///   - mask: Whether this gesture, and gestures on nested targets, are enabled.
    ///   - shouldBegin: Asked once per instance, when it is about to be recognized, with its
    ///     value; `false` fails the instance with ``FailureReason/vetoed``. Must not mutate anything.
    @discardableResult
    public func attach<G: Gesture>(
        _ gesture: G, named name: String, to target: TargetID, priority: GesturePriority = .normal,
        including mask: GestureMask = .all, shouldBegin: ((GestureValue?) -> Bool)? = nil
    ) -> BindingID {
        bind(gesture, name, target, priority, mask, shouldBegin, nil)
    }

    /// Attaches `gesture` and publishes `state` with each of its events.
    @discardableResult
    public func attach<G: Gesture, S: GestureValueConvertible>(
        _ gesture: G, named name: String, to target: TargetID, priority: GesturePriority = .normal,
        including mask: GestureMask = .all, publishing state: GestureState<S>,
        shouldBegin: ((GestureValue?) -> Bool)? = nil
    ) -> BindingID {
        bind(gesture, name, target, priority, mask, shouldBegin, { state.wrappedValue.gestureValue })
    }

    func bind<G: Gesture>(
        _ gesture: G, _ name: String, _ target: TargetID, _ priority: GesturePriority, _ mask: GestureMask,
        _ shouldBegin: ((GestureValue?) -> Bool)?, _ publishedState: (() -> GestureValue)?
    ) -> BindingID {
        guard let node = targets[target.rawValue], let device = devices[node.device] else {
            preconditionFailure("attach: unknown target \(target)")
        }
        let id = BindingID(bindings.count)
        let binding = Binding(
            id: id, name: name, device: node.device, target: target.rawValue, depth: node.depth, priority: priority,
            mask: mask, box: RecognizerBox(gesture.makeRecognizer(settings: settings)), shouldBegin: shouldBegin,
            publishedState: publishedState)
        bindings.append(binding)
        targets[target.rawValue]!.bindings.append(id.rawValue)
        device.bindings.append(id.rawValue)
        return id
    }

    /// Removes a binding. A gesture it has in flight fails with `reason` first.
    public func detach(_ id: BindingID, reason: FailureReason = .reconfigured, at time: Timestamp) -> EngineOutput {
        collect { events in
            fireDeadlines(upTo: time, into: &events)
            guard let binding = binding(id) else { return }
            if binding.inFlight { fail(binding, reason) }
            finishRound(at: time, endedSlots: 0, on: nil, into: &events)
            targets[binding.target]?.bindings.removeAll { $0 == id.rawValue }
            devices[binding.device]?.bindings.removeAll { $0 == id.rawValue }
            bindings[id.rawValue] = nil
        }
    }

    /// Enables or disables a binding. Disabling fails a gesture in flight with
    /// ``FailureReason/disabled``; a disabled binding takes no new touches.
    public func setEnabled(_ id: BindingID, _ enabled: Bool, at time: Timestamp) -> EngineOutput {
        collect { events in
            fireDeadlines(upTo: time, into: &events)
            guard let binding = binding(id), binding.enabled != enabled else { return }
            binding.enabled = enabled
            if !enabled && binding.inFlight { fail(binding, .disabled) }
            finishRound(at: time, endedSlots: 0, on: nil, into: &events)
        }
    }

    /// Whether a binding exists and is enabled.
    public func isEnabled(_ id: BindingID) -> Bool { binding(id)?.enabled ?? false }

    /// A binding's name, while it exists.
    public func name(of id: BindingID) -> String? { binding(id)?.name }

    func binding(_ id: BindingID) -> Binding? {
        bindings.indices.contains(id.rawValue) ? bindings[id.rawValue] : nil
    }

    // MARK: Input and time

    /// Consumes one frame; returns its events (after those of any deadline that came first).
    public func feed(_ frame: TouchFrame) -> EngineOutput {
        collect { events in _ = feed(frame, into: &events) }
    }

    /// Consumes one frame, appending its events to `events`; returns the next deadline. Does not
    /// allocate in the steady state when `events` has capacity.
    @discardableResult
    public func feed(_ frame: TouchFrame, into events: inout [GestureEvent]) -> Timestamp? {
        precondition(!dispatching, "GestureEngine must not be re-entered from a gesture callback")
        fireDeadlines(upTo: frame.time, into: &events)
        guard let device = devices[frame.device] else { return nextDeadline }
        let table = device.table
        let time = frame.time
        var seen: UInt64 = 0
        for contact in frame.contacts {
            if let slot = table.slot(ofContact: contact.id) {
                let bit: UInt64 = 1 << UInt64(slot)
                guard seen & bit == 0 else { continue }
                seen |= bit
                table.slots[slot].position = contact.position
                table.slots[slot].normalized = contact.normalized
                table.slots[slot].phase = contact.phase == .began ? .moved : contact.phase
            } else if contact.phase.isLive {
                let touch = TrackedTouch(
                    key: nextTouchKey, contactID: contact.id, position: contact.position, normalized: contact.normalized,
                    startPosition: contact.position, startTime: time, phase: .began)
                nextTouchKey += 1
                guard let slot = table.insert(touch) else { continue }
                seen |= 1 << UInt64(slot)
                route(slot, on: device)
            }
        }
        var ended: UInt64 = 0
        var cancelled: UInt64 = 0
        for slot in table.order {
            let bit: UInt64 = 1 << UInt64(slot)
            if seen & bit == 0 { table.slots[slot].phase = .cancelled }
            switch table.slots[slot].phase {
            case .began, .moved, .stationary: break
            case .ended: ended |= bit
            case .cancelled: ended |= bit; cancelled |= bit
            }
        }
        let changed = table.used
        for index in device.bindings {
            let binding = bindings[index]!
            guard binding.touches & changed != 0, !binding.box.isTerminal else { continue }
            if binding.touches & cancelled != 0 {
                fail(binding, .cancelled)
                continue
            }
            binding.box.update(TouchInput(time: time, geometry: device.geometry, table: table, mask: binding.touches))
            touched(binding)
            failIfStranded(binding, live: binding.touches & ~ended)
        }
        finishRound(at: time, endedSlots: ended, on: device, into: &events)
        return nextDeadline
    }

    /// Lets time pass to `time`: every deadline up to it fires, each at its own time.
    public func advance(to time: Timestamp) -> EngineOutput {
        collect { events in _ = advance(to: time, into: &events) }
    }

    /// Lets time pass, appending the events to `events`; returns the next deadline.
    @discardableResult
    public func advance(to time: Timestamp, into events: inout [GestureEvent]) -> Timestamp? {
        precondition(!dispatching, "GestureEngine must not be re-entered from a gesture callback")
        fireDeadlines(upTo: time, into: &events)
        return nextDeadline
    }

    /// Fails every gesture in flight with ``FailureReason/shutdown`` and announces it.
    public func shutdown(at time: Timestamp) -> EngineOutput {
        collect { events in
            fireDeadlines(upTo: time, into: &events)
            for case let binding? in bindings where binding.inFlight { fail(binding, .shutdown) }
            finishRound(at: time, endedSlots: 0, on: nil, into: &events)
        }
    }

    /// When ``advance(to:)`` must next be called, if ever.
    public var nextDeadline: Timestamp? {
        var result: Timestamp?
        for case let binding? in bindings where !binding.box.isTerminal {
            if let due = binding.box.deadline, result == nil || due < result! { result = due }
        }
        return result
    }

    /// Every announced instance that is active now, as `active` events stamped `time`, with
    /// their current values and states: what a new subscriber needs to start in sync.
    public func activeInstances(at time: Timestamp) -> [GestureEvent] {
        bindings.compactMap { binding in
            guard let binding, let instance = binding.instance, !binding.finished, binding.box.phaseKind == .active
            else { return nil }
            return GestureEvent(
                time: time, device: binding.device, binding: binding.id, name: binding.name, instance: instance,
                phase: .active, value: binding.box.wireValue, state: binding.publishedState?())
        }
    }

    /// Empties ``arenaLog``.
    public func clearArenaLog() { arenaLog.removeAll(keepingCapacity: true) }

    // MARK: Rounds

    func collect(_ body: (inout [GestureEvent]) -> Void) -> EngineOutput {
        precondition(!dispatching, "GestureEngine must not be re-entered from a gesture callback")
        var events: [GestureEvent] = []
        body(&events)
        return EngineOutput(events: events, nextDeadline: nextDeadline)
    }

    func fireDeadlines(upTo time: Timestamp, into events: inout [GestureEvent]) {
        while let due = nextDeadline, due <= time {
            for case let binding? in bindings where !binding.box.isTerminal {
                guard let deadline = binding.box.deadline, deadline <= due else { continue }
                binding.box.advance(to: due)
                touched(binding)
                if !binding.box.isTerminal, let again = binding.box.deadline, again <= due {
                    // A recognizer that does not move its deadline would stall time: fail it.
                    binding.box.fail(.timeout)
                }
                failIfStranded(binding, live: binding.touches)
            }
            finishRound(at: due, endedSlots: 0, on: nil, into: &events)
        }
    }

    /// Adds a binding to this round's work list.
    func enlist(_ index: Int) {
        let binding = bindings[index]!
        if !binding.inRound {
            binding.inRound = true
            round.append(index)
        }
    }

    func touched(_ binding: Binding) {
        binding.dirty = true
        enlist(binding.id.rawValue)
    }

    func fail(_ binding: Binding, _ reason: FailureReason) {
        binding.box.fail(reason)
        touched(binding)
    }

    /// The recognizer contract: with no live touches, be terminal or wait for a deadline.
    func failIfStranded(_ binding: Binding, live: UInt64) {
        if live == 0, !binding.box.isTerminal, binding.box.deadline == nil {
            binding.box.fail(.notRecognized)
        }
    }

    func finishRound(at time: Timestamp, endedSlots: UInt64, on device: DeviceState?, into events: inout [GestureEvent]) {
        resolveArenas()
        sortRound()
        for index in round {
            let binding = bindings[index]!
            binding.box.settle(visible: binding.accepted)
        }
        announce(at: time, into: &events)
        dispatching = true
        for index in round {
            let binding = bindings[index]!
            binding.box.announce(visible: binding.accepted)
        }
        dispatching = false
        if let device, endedSlots != 0 {
            for index in device.bindings {
                let binding = bindings[index]!
                binding.touches &= ~endedSlots
                if binding.touches == 0 { resetIfFinished(binding) }
            }
            var slots = endedSlots
            while slots != 0 {
                let slot = slots.trailingZeroBitCount
                slots &= slots - 1
                let arena = device.arenaOfSlot[slot]
                if arena >= 0 { arenas[arena].touchLive = false }
                device.arenaOfSlot[slot] = -1
            }
            device.table.remove(endedSlots)
        }
        closeSettledArenas()
        for index in round {
            let binding = bindings[index]!
            resetIfFinished(binding)
            binding.dirty = false
            binding.inRound = false
        }
        round.removeAll(keepingCapacity: true)
    }

    func resetIfFinished(_ binding: Binding) {
        if binding.box.isTerminal, binding.touches == 0, binding.memberships.isEmpty {
            binding.resetInstance()
        }
    }

    /// Insertion sort: rounds are short and nearly sorted, and this never allocates.
    func sortRound() {
        guard round.count > 1 else { return }
        for i in 1..<round.count {
            let value = round[i]
            var j = i - 1
            while j >= 0 && round[j] > value {
                round[j + 1] = round[j]
                j -= 1
            }
            round[j + 1] = value
        }
    }

    /// The order events of one round are built in.
    static let eventOrder: [PhaseKind] = [.failed, .ended, .active]
    /// The two passes of arena resolution: settle accepted bindings, then judge claims.
    static let resolutionPasses = [false, true]

    /// Builds the round's events: failures, then ends, then activity, each in attach order.
    func announce(at time: Timestamp, into events: inout [GestureEvent]) {
        for pass in Self.eventOrder {
            for index in round {
                let binding = bindings[index]!
                guard binding.box.phaseKind == pass, !binding.finished else { continue }
                switch pass {
                case .failed:
                    guard binding.instance != nil else { continue }
                    binding.finished = true
                    events.append(event(binding, .failed, at: time, reason: binding.box.failureReason))
                case .ended:
                    guard binding.accepted else { continue }
                    binding.finished = true
                    events.append(event(binding, .ended, at: time, value: binding.box.wireValue))
                case .active:
                    guard binding.accepted, binding.instance == nil || binding.dirty else { continue }
                    events.append(event(binding, .active, at: time, value: binding.box.wireValue))
                case .possible:
                    continue
                }
            }
        }
    }

    func event(
        _ binding: Binding, _ phase: PhaseKind, at time: Timestamp, reason: FailureReason? = nil,
        value: GestureValue? = nil
    ) -> GestureEvent {
        if binding.instance == nil {
            binding.instance = InstanceID(nextInstance)
            nextInstance += 1
        }
        return GestureEvent(
            time: time, device: binding.device, binding: binding.id, name: binding.name, instance: binding.instance!,
            phase: phase, reason: reason, value: value, state: binding.publishedState?())
    }

    // MARK: Arena

    /// Routes a new touch to the bindings it hits and opens its arena.
    func route(_ slot: Int, on device: DeviceState) {
        let touch = device.table.slots[slot]
        let arena = openArena(touch: touch.key)
        device.arenaOfSlot[slot] = arena
        hitTest(touch.position, on: device)
        let bit: UInt64 = 1 << UInt64(slot)
        for target in chain {
            var innerDisabled = false
            for index in targets[target]!.bindings {
                let binding = bindings[index]!
                guard binding.enabled else { continue }
                if !binding.mask.contains(.subviews) { innerDisabled = true }
                guard binding.mask.contains(.gesture), !binding.box.isTerminal else { continue }
                binding.touches |= bit
                arenas[arena].members.append(
                    ArenaMember(binding: index, rank: binding.rank, competes: binding.priority != .simultaneous))
                arenas[arena].pending += 1
                binding.memberships.append((arena, arenas[arena].members.count - 1))
                log(touch.key, binding.id, .joined)
            }
            if innerDisabled { break }
        }
    }

    /// Fills `chain` with the targets under `point`, outermost first; among overlapping
    /// siblings the last added is on top.
    func hitTest(_ point: Point, on device: DeviceState) {
        chain.removeAll(keepingCapacity: true)
        var current = device.root
        chain.append(current)
        descend: while true {
            for child in targets[current]!.children.reversed() {
                if targets[child]!.region.contains(point, geometry: device.geometry, settings: settings) {
                    chain.append(child)
                    current = child
                    continue descend
                }
            }
            return
        }
    }

    func openArena(touch: UInt64) -> Int {
        let index: Int
        if let free = freeArenas.popLast() {
            index = free
        } else {
            index = arenas.count
            arenas.append(Arena())
        }
        arenas[index].open(touch: touch)
        openArenas.append(index)
        return index
    }

    func closeSettledArenas() {
        var i = 0
        while i < openArenas.count {
            let index = openArenas[i]
            let arena = arenas[index]
            if !arena.touchLive && arena.pending == 0 {
                log(arena.touch, nil, .closed)
                openArenas.swapAt(i, openArenas.count - 1)
                openArenas.removeLast()
                freeArenas.append(index)
            } else {
                i += 1
            }
        }
    }

    /// Decides until nothing changes. Bindings already accepted settle their new arenas first
    /// (the first to accept wins), then claims are judged in attach order.
    func resolveArenas() {
        var changed = true
        while changed {
            changed = false
            for claims in Self.resolutionPasses {
                var i = 0
                while i < round.count {
                    let binding = bindings[round[i]]!
                    i += 1
                    if !binding.memberships.isEmpty && decide(binding, claims: claims) { changed = true }
                }
            }
        }
    }

    /// One binding's turn; returns whether anything was decided.
    func decide(_ binding: Binding, claims: Bool) -> Bool {
        let kind = binding.box.phaseKind
        if kind == .failed {
            rejectPending(binding)
            return true
        }
        if binding.accepted {
            acceptPending(binding)
            return true
        }
        guard claims, kind == .active || kind == .ended else { return false }
        if !binding.vetoChecked {
            binding.vetoChecked = true
            if let shouldBegin = binding.shouldBegin, !shouldBegin(binding.box.wireValue) {
                fail(binding, .vetoed)
                rejectPending(binding)
                return true
            }
        }
        if binding.priority != .simultaneous {
            var blocked = false
            for membership in binding.memberships {
                for other in arenas[membership.arena].members where other.competes && other.binding != binding.id.rawValue {
                    switch other.decision {
                    case .accepted:
                        fail(binding, .preempted)
                        rejectPending(binding)
                        return true
                    case .pending:
                        if other.rank > binding.rank { blocked = true }
                    case .rejected:
                        break
                    }
                }
            }
            if blocked { return false }
        }
        binding.accepted = true
        acceptPending(binding)
        return true
    }

    func acceptPending(_ binding: Binding) {
        let competes = binding.priority != .simultaneous
        for membership in binding.memberships {
            let arena = arenas[membership.arena]
            arena.members[membership.member].decision = .accepted
            arena.pending -= 1
            log(arena.touch, binding.id, .accepted)
            guard competes else { continue }
            for m in arena.members.indices {
                let other = arena.members[m]
                guard other.competes, other.decision == .pending, let loser = bindings[other.binding] else { continue }
                fail(loser, .preempted)
                rejectPending(loser)
            }
        }
        binding.memberships.removeAll(keepingCapacity: true)
    }

    func rejectPending(_ binding: Binding) {
        for membership in binding.memberships {
            let arena = arenas[membership.arena]
            arena.members[membership.member].decision = .rejected
            arena.pending -= 1
            log(arena.touch, binding.id, .rejected)
            // Members that waited for this one may now be free to win.
            for other in arena.members where other.decision == .pending {
                enlist(other.binding)
            }
        }
        binding.memberships.removeAll(keepingCapacity: true)
    }

    func log(_ touch: UInt64, _ binding: BindingID?, _ kind: ArenaRecord.Kind) {
        if recordsArenaDecisions {
            arenaLog.append(ArenaRecord(touch: touch, binding: binding, kind: kind))
        }
    }
}
