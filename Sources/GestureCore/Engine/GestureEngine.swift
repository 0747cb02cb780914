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
/// Time never runs backwards: a frame or call stamped earlier than ``now`` is processed at
/// ``now`` (input from several devices may interleave slightly out of order).
/// The engine is not thread-safe and must not be called from a gesture callback.
public final class GestureEngine {
    /// The thresholds gestures fall back to.
    public let settings: GestureSettings
    /// Keep a log of arena decisions in ``arenaLog`` (for tests; off by default).
    public var recordsArenaDecisions = false
    /// Arena decisions since the log was last cleared, when ``recordsArenaDecisions`` is on.
    public private(set) var arenaLog: [ArenaRecord] = []

    @exclusivity(unchecked) var devices: [DeviceID: DeviceState] = [:]
    @exclusivity(unchecked) var lastDevice: DeviceState?
    @exclusivity(unchecked) var targets: [Target?] = []
    @exclusivity(unchecked) var bindings: [Binding?] = []
    @exclusivity(unchecked) var arenas: [Arena] = []
    @exclusivity(unchecked) var freeArenas: [Int] = []
    @exclusivity(unchecked) var openArenas: [Int] = []
    @exclusivity(unchecked) var round: [Int] = []
    @exclusivity(unchecked) var chain: [Int] = []
    @exclusivity(unchecked) var nextTouchKey: UInt64 = 1
    @exclusivity(unchecked) var nextInstance: UInt64 = 1
    @exclusivity(unchecked) var dispatching = false
    /// The latest time the engine has processed; it never goes back.
    @exclusivity(unchecked) public private(set) var now = Timestamp(microseconds: .min)
    /// The earliest deadline, recomputed only after some binding's deadline changed.
    @exclusivity(unchecked) var cachedDeadline: Timestamp?
    @exclusivity(unchecked) var deadlinesChanged = false

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
        checkNotDispatching()
        if let device = devices[id] {
            device.geometry = geometry
            return TargetID(device.root)
        }
        let root = targets.count
        targets.append(Target(device: id, parent: nil, depth: 0, region: .all))
        devices[id] = DeviceState(id: id, geometry: geometry, root: root)
        return TargetID(root)
    }

    /// The device a frame is for; remembers the last one, since frames come in runs per device.
    func device(_ id: DeviceID) -> DeviceState? {
        if let lastDevice, lastDevice.id == id { return lastDevice }
        lastDevice = devices[id]
        return lastDevice
    }

    /// The known devices, in id order.
    public var deviceIDs: [DeviceID] { devices.keys.sorted() }

    /// A device's surface.
    public func geometry(of device: DeviceID) -> DeviceGeometry? { devices[device]?.geometry }

    /// A device's root target.
    public func root(of device: DeviceID) -> TargetID? { devices[device].map { TargetID($0.root) } }

    /// Adds a region inside `parent`. Later siblings lie on top of earlier ones.
    public func addRegion(_ region: Region, in parent: TargetID) -> TargetID {
        checkNotDispatching()
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
        let time = clamp(time)
        return collect { events in
            fireDeadlines(upTo: time, into: &events)
            guard let device = devices[id] else { return }
            failInFlight(on: device, .deviceRemoved)
            finishRound(at: time, endedSlots: device.table.used, on: device, into: &events)
            for index in device.bindings { bindings[index] = nil }
            deadlinesChanged = true
            for index in targets.indices where targets[index]?.device == id { targets[index] = nil }
            devices[id] = nil
            lastDevice = nil
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
    @inlinable @discardableResult
    public func attach<G: Gesture>(
        _ gesture: G, named name: String, to target: TargetID, priority: GesturePriority = .normal,
        including mask: GestureMask = .all, shouldBegin: ((GestureValue?) -> Bool)? = nil
    ) -> BindingID {
        register(
            RecognizerBox(gesture.makeRecognizer(settings: settings)), name: name, target: target, priority: priority,
            mask: mask, shouldBegin: shouldBegin, publishedState: nil, initialState: nil)
    }

    /// Attaches `gesture` and publishes `state` with each of its events.
    @inlinable @discardableResult
    public func attach<G: Gesture, S: GestureValueConvertible>(
        _ gesture: G, named name: String, to target: TargetID, priority: GesturePriority = .normal,
        including mask: GestureMask = .all, publishing state: GestureState<S>,
        shouldBegin: ((GestureValue?) -> Bool)? = nil
    ) -> BindingID {
        register(
            RecognizerBox(gesture.makeRecognizer(settings: settings)), name: name, target: target, priority: priority,
            mask: mask, shouldBegin: shouldBegin, publishedState: { state.wrappedValue.gestureValue },
            initialState: state.initialValue.gestureValue)
    }

    @usableFromInline
    func register(
        _ box: RecognizerBox, name: String, target: TargetID, priority: GesturePriority, mask: GestureMask,
        shouldBegin: ((GestureValue?) -> Bool)?, publishedState: (() -> GestureValue)?, initialState: GestureValue?
    ) -> BindingID {
        checkNotDispatching()
        guard let node = targets[target.rawValue], let device = devices[node.device] else {
            preconditionFailure("attach: unknown target \(target)")
        }
        let id = BindingID(bindings.count)
        let binding = Binding(
            id: id, name: name, device: device, position: device.bindings.count, target: target.rawValue, depth: node.depth, priority: priority,
            mask: mask, box: box, shouldBegin: shouldBegin, publishedState: publishedState, initialState: initialState)
        bindings.append(binding)
        targets[target.rawValue]!.bindings.append(id.rawValue)
        device.bindings.append(id.rawValue)
        device.working.append(0)
        deadlinesChanged = true
        return id
    }

    /// Removes a binding. A gesture it has in flight fails with `reason` first.
    public func detach(_ id: BindingID, reason: FailureReason = .reconfigured, at time: Timestamp) -> EngineOutput {
        let time = clamp(time)
        return collect { events in
            fireDeadlines(upTo: time, into: &events)
            guard let binding = binding(id) else { return }
            if binding.inFlight { fail(binding, reason) }
            finishRound(at: time, endedSlots: 0, on: nil, into: &events)
            targets[binding.target]?.bindings.removeAll { $0 == id.rawValue }
            let device = binding.deviceState
            device.bindings.remove(at: binding.position)
            device.working.remove(at: binding.position)
            for position in binding.position..<device.bindings.count {
                bindings[device.bindings[position]]!.position = position
            }
            bindings[id.rawValue] = nil
            deadlinesChanged = true
        }
    }

    /// Enables or disables a binding. Disabling fails a gesture in flight with
    /// ``FailureReason/disabled``; a disabled binding takes no new touches.
    public func setEnabled(_ id: BindingID, _ enabled: Bool, at time: Timestamp) -> EngineOutput {
        let time = clamp(time)
        return collect { events in
            fireDeadlines(upTo: time, into: &events)
            guard let binding = binding(id), binding.enabled != enabled else { return }
            binding.enabled = enabled
            if !enabled && binding.inFlight { fail(binding, .disabled) }
            finishRound(at: time, endedSlots: 0, on: nil, into: &events)
        }
    }

    /// Whether a binding exists and is enabled.
    public func isEnabled(_ id: BindingID) -> Bool { binding(id)?.enabled ?? false }

    /// What a binding's published ``GestureState`` resets to (nil: it publishes none, or it is
    /// gone): for an instance that ends for one client only, which must see the reset too.
    public func initialState(of id: BindingID) -> GestureValue? { binding(id)?.initialState }

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
        checkNotDispatching()
        let time = clamp(frame.time)
        fireDeadlines(upTo: time, into: &events)
        guard let device = device(frame.device) else { return nextDeadline }
        let (ended, cancelled) = applyContacts(of: frame, to: device, at: time)
        for position in device.working.indices where device.working[position] != 0 {
            let binding = bindings[device.bindings[position]]!
            if binding.touches & cancelled != 0 {
                fail(binding, .cancelled)
                continue
            }
            binding.box.update(TouchInput(time: time, geometry: device.geometry, table: device.table, mask: binding.touches))
            touched(binding)
            failIfStranded(binding, live: binding.touches & ~ended)
        }
        finishRound(at: time, endedSlots: ended, on: device, into: &events)
        return nextDeadline
    }

    /// Brings the device's touch table up to date with a frame: moves known contacts, adds and
    /// routes new ones, marks known contacts missing from the frame as cancelled. Returns the
    /// slots that ended (lifted or cancelled) and those cancelled.
    func applyContacts(of frame: TouchFrame, to device: DeviceState, at time: Timestamp) -> (ended: UInt64, cancelled: UInt64) {
        let table = device.table
        var seen: UInt64 = 0
        var routed = false
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
                routed = true
            }
        }
        if routed { refreshWorking(device) }
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
        return (ended, cancelled)
    }

    /// Re-derives a device's working masks; call after touches were routed, lifted or reset.
    func refreshWorking(_ device: DeviceState) {
        for position in device.bindings.indices {
            device.working[position] = bindings[device.bindings[position]]!.working
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
                phase: .active, value: binding.box.wireValue(), state: binding.publishedState?())
        }
    }

    /// Empties ``arenaLog``.
    public func clearArenaLog() { arenaLog.removeAll(keepingCapacity: true) }

    // MARK: Rounds

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
                binding.box.advance(due)
                touched(binding)
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
        let binding = bindings[index]!
        if !binding.inRound {
            binding.inRound = true
            round.append(index)
        }
    }

    /// Notes that a binding's recognizer changed: refresh its cached phase, put it in the round.
    func touched(_ binding: Binding) {
        if binding.refresh() { deadlinesChanged = true }
        binding.dirty = true
        enlist(binding.id.rawValue)
    }

    func fail(_ binding: Binding, _ reason: FailureReason) {
        binding.box.fail(reason)
        touched(binding)
    }

    /// The recognizer contract: with no live touches, be terminal or wait for a deadline.
    func failIfStranded(_ binding: Binding, live: UInt64) {
        if live == 0, !binding.isTerminal, binding.deadline == nil {
            fail(binding, .notRecognized)
        }
    }

    func finishRound(at time: Timestamp, endedSlots: UInt64, on device: DeviceState?, into events: inout [GestureEvent]) {
        resolveArenas()
        sortRound()
        for index in round {
            let binding = bindings[index]!
            binding.box.settle(binding.accepted)
        }
        announce(at: time, into: &events)
        dispatching = true
        for index in round {
            let binding = bindings[index]!
            binding.box.announce(binding.accepted)
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
        if let device, endedSlots != 0 {
            refreshWorking(device)
        } else {
            for index in round { bindings[index]!.publishWorking() }
        }
        round.removeAll(keepingCapacity: true)
    }

    func resetIfFinished(_ binding: Binding) {
        if binding.isTerminal, binding.touches == 0, binding.memberships.isEmpty {
            binding.resetInstance()
            if binding.refresh() { deadlinesChanged = true }
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

    /// The two passes of arena resolution: settle accepted bindings, then judge claims.
    static let resolutionPasses = [false, true]

    /// Builds the round's events: failures, then ends, then activity, each in attach order
    /// (the round is sorted by attach order, and the new events are stably ordered by phase).
    func announce(at time: Timestamp, into events: inout [GestureEvent]) {
        let first = events.count
        for index in round {
            let binding = bindings[index]!
            guard !binding.finished else { continue }
            switch binding.kind {
            case .failed:
                guard binding.instance != nil else { continue }
                binding.finished = true
                events.append(event(binding, .failed, at: time, reason: binding.box.failureReason()))
            case .ended:
                guard binding.accepted else { continue }
                binding.finished = true
                events.append(event(binding, .ended, at: time, value: binding.box.wireValue()))
            case .active:
                guard binding.accepted, binding.instance == nil || binding.dirty else { continue }
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
                guard binding.mask.contains(.gesture), !binding.isTerminal else { continue }
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
        let kind = binding.kind
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
            if let shouldBegin = binding.shouldBegin, !shouldBegin(binding.box.wireValue()) {
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
