import GestureCore

/// A deterministic test bench around a ``GestureEngine`` with one device, in the spirit of
/// SwiftNIO's `EmbeddedEventLoop`: the test owns the clock. Each touch call builds one frame
/// (every live finger in it), feeds it, and returns that frame's events; ``wait(_:)`` lets
/// time pass so deadlines fire at their own time. Every event also goes through an
/// ``EventLedger``, and ``finish()`` reports what was left over.
public final class GestureHarness {
    /// The engine under test.
    public let engine: GestureEngine
    /// The one device.
    public let device: DeviceID
    /// Its root target.
    public let root: TargetID
    /// Its surface.
    public let geometry: DeviceGeometry
    /// The current time.
    public private(set) var now: Timestamp
    /// Time between frames built by the touch calls: 0.01 s (100 Hz).
    public var frameInterval: Seconds = 0.01
    /// Every event so far.
    public private(set) var events: [GestureEvent] = []
    /// The instance contract, checked as events arrive.
    public private(set) var ledger = EventLedger()
    var unread = 0
    var fingers: [(id: Int32, position: Point)] = []

    /// Creates a harness with a `width` × `height` mm device that places `placedFingers`
    /// fingers (``DeviceGeometry/placedFingers``), its size measured or, with `isEstimated`, a
    /// guess; time starts at 1 s.
    public init(
        width: Millimetres = 200, height: Millimetres = 120, placedFingers: Int = .max, isEstimated: Bool = false,
        settings: GestureSettings = .standard, device: DeviceID = DeviceID(1), start: Timestamp = Timestamp(seconds: 1)
    ) {
        engine = GestureEngine(settings: settings)
        engine.recordsArenaDecisions = true
        self.device = device
        geometry = DeviceGeometry(width: width, height: height, placedFingers: placedFingers, isEstimated: isEstimated)
        root = engine.addDevice(device, geometry: geometry)
        now = start
    }

    // MARK: Building the scene

    /// Adds a region to the device (or inside `parent`).
    public func region(_ region: Region, in parent: TargetID? = nil) -> TargetID {
        engine.addRegion(region, in: parent ?? root)
    }

    /// Attaches a gesture to the device (or `target`).
    @discardableResult
    public func attach<G: Gesture>(
        _ gesture: G, named name: String, to target: TargetID? = nil, priority: GesturePriority = .normal,
        including mask: GestureMask = .all, shouldBegin: ((GestureValue?) -> Bool)? = nil
    ) -> BindingID {
        engine.attach(gesture, named: name, to: target ?? root, priority: priority, including: mask, shouldBegin: shouldBegin)
    }

    /// Attaches a gesture that publishes `state`.
    @discardableResult
    public func attach<G: Gesture, S: GestureValueConvertible>(
        _ gesture: G, named name: String, to target: TargetID? = nil, priority: GesturePriority = .normal,
        including mask: GestureMask = .all, publishing state: GestureState<S>
    ) -> BindingID {
        engine.attach(gesture, named: name, to: target ?? root, priority: priority, including: mask, publishing: state)
    }

    /// Enables or disables a binding now.
    @discardableResult
    public func setEnabled(_ binding: BindingID, _ enabled: Bool) -> [GestureEvent] {
        record(engine.setEnabled(binding, enabled, at: now).events)
    }

    // MARK: Touches

    /// Fingers touch down together in one frame.
    @discardableResult
    public func down(_ touches: [TouchStep.Finger]) -> [GestureEvent] {
        tick()
        var contacts = stationary()
        for touch in touches {
            fingers.append((touch.id, touch.position))
            contacts.append(contact(touch.id, touch.position, .began))
        }
        return feed(contacts)
    }

    /// One finger touches down.
    @discardableResult
    public func down(_ id: Int32, at position: Point) -> [GestureEvent] {
        down([TouchStep.Finger(id, at: position)])
    }

    /// Fingers move by their displacements, spread evenly over `steps` frames.
    @discardableResult
    public func move(_ moves: [TouchStep.FingerMove], steps: Int = 1) -> [GestureEvent] {
        var produced: [GestureEvent] = []
        let count = max(1, steps)
        for _ in 0..<count {
            tick()
            var moved: [Int32] = []
            for move in moves {
                guard let index = fingers.firstIndex(where: { $0.id == move.id }) else {
                    preconditionFailure("move: finger \(move.id) is not down")
                }
                fingers[index].position = fingers[index].position + move.delta * (1 / Double(count))
                moved.append(move.id)
            }
            let contacts = fingers.map { contact($0.id, $0.position, moved.contains($0.id) ? .moved : .stationary) }
            produced += feed(contacts)
        }
        return produced
    }

    /// One finger moves by `delta` over `steps` frames.
    @discardableResult
    public func move(_ id: Int32, by delta: Vector, steps: Int = 1) -> [GestureEvent] {
        move([TouchStep.FingerMove(id, by: delta)], steps: steps)
    }

    /// Fingers lift together in one frame.
    @discardableResult
    public func up(_ ids: Int32...) -> [GestureEvent] { lift(ids, .ended) }

    /// The source cancels fingers in one frame.
    @discardableResult
    public func cancel(_ ids: Int32...) -> [GestureEvent] { lift(ids, .cancelled) }

    /// A frame in which every live finger is stationary.
    @discardableResult
    public func hold() -> [GestureEvent] {
        tick()
        return feed(stationary())
    }

    /// Lets `seconds` pass with no input; deadlines fire at their own time.
    @discardableResult
    public func wait(_ seconds: Seconds) -> [GestureEvent] {
        now = now + seconds
        return record(engine.advance(to: now).events)
    }

    /// Runs a script of steps; returns all their events.
    @discardableResult
    public func run(_ script: [TouchStep]) -> [GestureEvent] {
        var produced: [GestureEvent] = []
        for step in script {
            switch step {
            case .downMany(let touches): produced += down(touches)
            case .moveMany(let moves, let steps): produced += move(moves, steps: steps)
            case .upMany(let ids): produced += lift(ids, .ended)
            case .cancelMany(let ids): produced += lift(ids, .cancelled)
            case .hold: produced += hold()
            case .wait(let seconds): produced += wait(seconds)
            }
        }
        return produced
    }

    /// The contact ids of the fingers that are down, in the order they touched.
    public var liveFingers: [Int32] { fingers.map(\.id) }

    /// The device goes away now; its touches are forgotten.
    @discardableResult
    public func removeDevice() -> [GestureEvent] {
        fingers.removeAll()
        return record(engine.removeDevice(device, at: now).events)
    }

    // MARK: Reading

    /// The events since the last call.
    public func takeEvents() -> [GestureEvent] {
        defer { unread = events.count }
        return Array(events[unread...])
    }

    /// Shuts the engine down now and reports what was left over: instances that were still
    /// unfinished (they fail with `shutdown` in ``Report/shutdownEvents``), fingers still down,
    /// and every broken promise of the instance and arena contracts.
    public func finish() -> Report {
        let unfinished = ledger.open.values.sorted { $0.instance < $1.instance }
        let stillDown = liveFingers
        let shutdown = record(engine.shutdown(at: now).events)
        return Report(
            unfinished: unfinished, shutdownEvents: shutdown, fingersDown: stillDown,
            violations: ledger.violations
                + ArenaAudit.violations(in: engine.arenaLog, complete: true)
                + ledger.open.values.map { "\($0.name) \($0.instance): still open after shutdown" })
    }

    /// What ``finish()`` found.
    public struct Report: Sendable {
        /// Instances announced and not finished before the shutdown.
        public var unfinished: [GestureEvent]
        /// The shutdown's own events (a `failed(shutdown)` for each unfinished instance).
        public var shutdownEvents: [GestureEvent]
        /// Fingers still down.
        public var fingersDown: [Int32]
        /// Broken promises (empty when all held).
        public var violations: [String]
    }

    // MARK: Frames

    func tick() { now = now + frameInterval }

    func contact(_ id: Int32, _ position: Point, _ phase: TouchPhase) -> Contact {
        Contact(id: id, position: position, normalized: geometry.normalized(position), phase: phase)
    }

    func stationary() -> [Contact] {
        fingers.map { contact($0.id, $0.position, .stationary) }
    }

    func lift(_ ids: [Int32], _ phase: TouchPhase) -> [GestureEvent] {
        tick()
        let contacts = fingers.map { contact($0.id, $0.position, ids.contains($0.id) ? phase : .stationary) }
        fingers.removeAll { ids.contains($0.id) }
        return feed(contacts)
    }

    func feed(_ contacts: [Contact]) -> [GestureEvent] {
        record(engine.feed(TouchFrame(device: device, time: now, contacts: contacts)).events)
    }

    /// Adds events the test obtained from the engine directly (a detach, a reconfiguration) to
    /// the transcript and the contract checks; returns them.
    @discardableResult
    public func record(_ produced: [GestureEvent]) -> [GestureEvent] {
        ledger.record(produced)
        events += produced
        return produced
    }
}
