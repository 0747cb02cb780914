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
    public var recordsArenaDecisions: Bool {
        get { board.recordsDecisions }
        set { board.recordsDecisions = newValue }
    }
    /// Arena decisions since the log was last cleared, when ``recordsArenaDecisions`` is on.
    public var arenaLog: [ArenaRecord] { board.log }
    /// Keep every instance that fails unannounced in ``unseenFailures`` (off by default).
    @exclusivity(unchecked) public var recordsUnseenFailures = false
    /// Unannounced failures since they were last cleared, once each, when
    /// ``recordsUnseenFailures`` is on.
    @exclusivity(unchecked) public internal(set) var unseenFailures: [UnseenFailure] = []

    @exclusivity(unchecked) var devices: [DeviceID: DeviceState] = [:]
    @exclusivity(unchecked) var lastDevice: DeviceState?
    @exclusivity(unchecked) var targets: [Target?] = []
    @exclusivity(unchecked) var bindings: [Binding?] = []
    /// The touches' arenas.
    @exclusivity(unchecked) var board = ArenaBoard()
    /// Scratch for ``acceptPending(_:)``: the members an acceptance preempts.
    @exclusivity(unchecked) var losers: [Int] = []
    /// Scratch for ``rejectPending(_:)``: the members a rejection may free.
    @exclusivity(unchecked) var waiting: [Int] = []
    /// The bindings changed this round, by index.
    let round = WorkList(capacity: 64)
    @exclusivity(unchecked) var chain: [Int] = []
    @exclusivity(unchecked) var nextTouchKey: UInt64 = 1
    @exclusivity(unchecked) var nextInstance: UInt64 = 1
    /// Numbers the instances of every binding attached without a tally of its own.
    public let instanceTally = InstanceTally()
    @exclusivity(unchecked) var dispatching = false
    /// The latest time the engine has processed; it never goes back.
    @exclusivity(unchecked) public internal(set) var now = Timestamp(microseconds: .min)
    /// The earliest deadline, recomputed only after some binding's deadline changed.
    @exclusivity(unchecked) var cachedDeadline: Timestamp?
    @exclusivity(unchecked) var deadlinesChanged = false
    /// How many devices have consuming bindings (their claims are judged every round).
    @exclusivity(unchecked) var consumingDevices = 0

    /// Creates an engine with no devices.
    public init(settings: GestureSettings = .standard) {
        self.settings = settings
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
            consumingDevices = devices.values.count { !$0.consumers.isEmpty }
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
    ///   - tally: Numbers its instances; nil takes the engine's own (``instanceTally``).
    @inlinable @discardableResult
    public func attach<G: Gesture>(
        _ gesture: G, named name: String, to target: TargetID, priority: GesturePriority = .normal,
        including mask: GestureMask = .all, shouldBegin: ((GestureValue?) -> Bool)? = nil, tally: InstanceTally? = nil
    ) -> BindingID {
        register(
            RecognizerBox(gesture.makeRecognizer(settings: settings)), name: name, target: target, priority: priority,
            mask: mask, shouldBegin: shouldBegin, publishedState: nil, initialState: nil, tally: tally)
    }

    /// Attaches `gesture` and publishes `state` with each of its events.
    @inlinable @discardableResult
    public func attach<G: Gesture, S: GestureValueConvertible>(
        _ gesture: G, named name: String, to target: TargetID, priority: GesturePriority = .normal,
        including mask: GestureMask = .all, publishing state: GestureState<S>,
        shouldBegin: ((GestureValue?) -> Bool)? = nil, tally: InstanceTally? = nil
    ) -> BindingID {
        register(
            RecognizerBox(gesture.makeRecognizer(settings: settings)), name: name, target: target, priority: priority,
            mask: mask, shouldBegin: shouldBegin, publishedState: { state.wrappedValue.gestureValue },
            initialState: state.initialValue.gestureValue, tally: tally)
    }

    @usableFromInline
    func register(
        _ box: RecognizerBox, name: String, target: TargetID, priority: GesturePriority, mask: GestureMask,
        shouldBegin: ((GestureValue?) -> Bool)?, publishedState: (() -> GestureValue)?, initialState: GestureValue?,
        tally: InstanceTally?
    ) -> BindingID {
        checkNotDispatching()
        guard let node = targets[target.rawValue], let device = devices[node.device] else {
            preconditionFailure("attach: unknown target \(target)")
        }
        let id = BindingID(bindings.count)
        let binding = Binding(
            id: id, name: name, device: device, position: device.bindings.count, target: target.rawValue, depth: node.depth, priority: priority,
            mask: mask, box: box, shouldBegin: shouldBegin, publishedState: publishedState, initialState: initialState,
            tally: tally ?? instanceTally)
        bindings.append(binding)
        targets[target.rawValue]!.bindings.append(id.rawValue)
        device.append(binding: id.rawValue)
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
            if binding.consumeFingers > 0 {
                device.consumers.removeAll { $0 == id.rawValue }
                consumingDevices = devices.values.count { !$0.consumers.isEmpty }
            }
            device.removeBinding(at: binding.position)
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

    /// The device a binding is attached to.
    public func device(of id: BindingID) -> DeviceID? { binding(id)?.device }

    func binding(_ id: BindingID) -> Binding? {
        bindings.indices.contains(id.rawValue) ? bindings[id.rawValue] : nil
    }
}
