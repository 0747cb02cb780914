import Evdev
import GestureCore
import GestureForwarding
import GesturePipeline
import GestureRouting
import GestureWire
import Glibc
import Logging
import NIOCore
import OrderedCollections

/// The daemon's core: the engine, its devices and configured bindings, and the connected clients
/// with their subscriptions. Confined to one event loop: every method runs there (and checks
/// it), which is why it may be handed across threads.
///
/// Input goes in (`addDevice`, `feed`, `advance`, `removeDevice`); the engine's events go out to
/// every subscription that covers them, through each client's bounded ``ClientOutbox`` — the
/// input path never waits on a client. A client that falls behind by the outbox's bound gets
/// `overflow` and is disconnected; the others carry on.
public final class GestureHub: @unchecked Sendable {
    /// The event loop the hub lives on.
    public let loop: any EventLoop
    /// The engine with its devices and configured bindings: the pipeline replay shares.
    let pipeline: ConfiguredDevices
    var engine: GestureEngine { pipeline.engine }
    /// The configuration in force (replaced by ``reload(_:access:)``).
    public var config: GestureConfig { pipeline.config }
    /// Who gets what: clients, subscriptions, seats and the rules that route events to them.
    var router: SubscriptionRouter
    /// Who may connect (checked against each peer's credentials), and whether only the active
    /// session's user is served (with ``sessions``).
    public var access: ResolvedAccessList {
        get { router.access }
        set { router.access = newValue }
    }
    /// Who is in front of each seat (logind), followed by the daemon; nil when sessions are not
    /// followed (a replay: recordings belong to no seat), and every client the list lets in is served.
    public var sessions: SeatSessions? { router.sessions }
    /// The daemon's own user, who is always served (it could read the devices itself).
    public var daemonUID: UInt32 {
        get { router.daemonUID }
        set { router.daemonUID = newValue }
    }
    /// When set, gesture events carry `ingressUs`: this clock's reading (µs, CLOCK_MONOTONIC)
    /// as the frame that caused them entered the engine — for measuring the daemon's latency.
    public var ingressClock: (() -> Int64)?
    var ingress: Int64?
    let limits: ProtocolLimits
    let outboxLimit: Int
    /// How long an overflowed client's last line may take before it is closed anyway.
    let overflowGrace: TimeAmount
    let serverVersion: String
    /// What `hello` says the daemon can do (the daemon adds `keys` once its input is there).
    var capabilities: [String]
    let logger: Logger
    /// Event times are reported as seconds since this.
    let origin: Timestamp
    /// Maps an engine deadline to the loop's clock; nil when the caller advances time itself.
    var deadlineClock: ((Timestamp) -> NIODeadline)?

    var devices: [DeviceID: ConfiguredDevices.Device] { pipeline.devices }
    var configuredBindings: Set<BindingID> { pipeline.configuredBindings }
    /// The connections, by router id, in the order they came: each frame's lines are flushed
    /// in that order, so the longest-connected client (the actions runner a session starts
    /// first, as a rule) hears first, every time — not in an order a hash seed picks anew at
    /// each start, which put the runner behind a later client in about half the swipes.
    var clients: OrderedDictionary<Int, HubClient> = [:]
    /// Router ids by channel.
    var channels: [ObjectIdentifier: Int] = [:]
    /// Reused by every ``route(_:)``: who gets each event.
    var deliveries: [Delivery] = []
    /// Reused by ``publish(_:)`` and ``publishTouches(_:)``: who takes libinput's touchpad
    /// gestures, or touch frames.
    var passthroughDeliveries: [(client: Int, subscription: Int64)] = []
    var deadlineTask: Scheduled<Void>?
    /// Set by ``shutdown(grace:)``: endings are queued past the outbox bound, connections refused.
    var shuttingDown = false
    /// Gives freed memory back to the system a second after the last of a burst of clients left.
    var memoryTrim: Scheduled<Void>?
    /// Gives the start-up pages back once the daemon has settled (``settleStartupPages()``).
    var startupPagesRelease: Scheduled<Void>?
    /// Whether the daemon is ready, so that a client's arrival puts that release off.
    var settling = false
    /// Makes the virtual keyboard, the first time a client types (nil: this daemon has none).
    public var makeKeyboard: (() throws -> any KeyOutput)?
    /// The virtual keyboard, once made.
    var keyboard: (any KeyOutput)?
    /// Why it could not be made, last time (said once in the log).
    var keyboardProblem: String?
    /// Which client holds which key.
    var keys = KeyLedger()
    /// How long a virtual keyboard just made is left for readers to open before it types.
    public var keyboardSettle: TimeAmount = .milliseconds(500)
    /// The keyboard was made less than ``keyboardSettle`` ago.
    var keyboardSettling = false
    /// `keys` requests waiting for the keyboard to settle, in order: (client, steps, request id).
    var pendingKeys: [(Int, [KeyStep], JSONValue?)] = []
    /// Seconds on a monotonic clock, for the typing rate.
    public var keyClock: () -> Double = { Double(NIODeadline.now().uptimeNanoseconds) / 1e9 }
    /// The last report of how its screens are turned, by seat (``followScreens(_:id:from:)``).
    var screenReports: [String: ScreenReport] = [:]
    /// The input that feeds the hub, told and asked what ``HubInput`` says (set on the loop).
    public weak var input: (any HubInput)? {
        didSet { input?.touchpadDemandChanged(to: touchpadDemand) }
    }

    /// Creates a hub.
    public init(
        loop: any EventLoop, config: GestureConfig, origin: Timestamp, serverVersion: String, capabilities: [String],
        limits: ProtocolLimits = .standard, outboxLimit: Int = 1024, overflowGrace: TimeAmount = .seconds(1), deadlineClock: ((Timestamp) -> NIODeadline)?,
        logger: Logger
    ) {
        self.loop = loop
        pipeline = ConfiguredDevices(config: config)
        router = SubscriptionRouter(daemonUID: geteuid())
        self.origin = origin
        self.serverVersion = serverVersion
        self.capabilities = capabilities
        self.limits = limits
        self.outboxLimit = outboxLimit
        self.overflowGrace = overflowGrace
        self.deadlineClock = deadlineClock
        self.logger = logger
    }

    /// The engine's current time (the origin before any input).
    var now: Timestamp { max(engine.now, origin) }

    /// Subscriptions over all clients.
    public var subscriptionCount: Int { router.subscriptionCount + recorders.values.reduce(0) { $0 + $1.count } }

    // MARK: Input

    /// The seat of devices whose seat nobody says (udev's default, and every recording's).
    public static let defaultSeat = SubscriptionRouter.defaultSeat

    /// A device appeared on `seat`: attach the configuration (and the own gestures of clients
    /// that see the seat) and tell those clients.
    public func addDevice(_ id: DeviceID, description: DeviceDescription, seat: String = GestureHub.defaultSeat) {
        loop.preconditionInEventLoop()
        let device = pipeline.add(id, description: description, screens: screenReports[seat])
        if let orientation = device.orientation.text { logger.info("\(description.name): \(orientation)") }
        for (name, reason) in device.bindings.excluded { logger.info("\(description.name): gesture \(name) left out: \(reason)") }
        for client in router.addDevice(id, seat: seat) {
            for subscription in router.client(client)!.subscriptions { attachDefinitions(subscription.id, of: client, to: id) }
            if let connection = clients[client] { send(ServerMessage.deviceAdded(deviceJSON(id)), to: connection) }
        }
        flushAll()
        refreshConsumption()
    }

    /// A device went away: its gestures fail with `deviceRemoved`, then clients are told.
    public func removeDevice(_ id: DeviceID, at time: Timestamp) {
        loop.preconditionInEventLoop()
        guard router.knows(id) else { return }
        // Routed while the device is known, so that its failures go to who sees its seat.
        pipeline.remove(id, at: time) { route($0) }
        forgetRecordings(device: id)
        shownLeftOut[id] = nil
        shownClaims[id] = nil
        for client in router.removeDevice(id, exists: { engine.name(of: $0) != nil }) {
            if let connection = clients[client] { send(ServerMessage.deviceRemoved(id: Int64(id.rawValue)), to: connection) }
        }
        flushAll()
        scheduleDeadline()
    }

    /// One frame of touches.
    public func feed(_ frame: TouchFrame) {
        loop.preconditionInEventLoop()
        ingress = ingressClock?()
        defer { ingress = nil }
        let touches = router.wantsTouches
        if touches { publishTouches(frame) }
        route(pipeline.feed(frame).events)
        if touches { publishClaims(frame) }
        flushAll()
        scheduleDeadline()
    }

    /// Frames read together, in order: each routed as it comes, the clients flushed and the
    /// deadline rescheduled once for all of them (one wake-up of the input thread at most).
    public func feed(_ frames: [TouchFrame]) {
        loop.preconditionInEventLoop()
        ingress = ingressClock?()
        defer { ingress = nil }
        // Asked once for the frames (it looks at every client): routing them changes no subscription.
        let touches = router.wantsTouches
        for frame in frames {
            if touches { publishTouches(frame) }
            route(pipeline.feed(frame).events)
            if touches { publishClaims(frame) }
        }
        flushAll()
        scheduleDeadline()
    }

    /// A frame of touches, as the engine sees it, to every subscription that asked for them
    /// and covers the device: after what came due before it, before the gesture events it
    /// causes. A frame where nothing began or ended may replace the same subscription's frame
    /// still waiting for a slow reader (the latest positions win); one where a touch began or
    /// ended is never dropped.
    func publishTouches(_ frame: TouchFrame) {
        passthroughDeliveries.removeAll(keepingCapacity: true)
        router.touchSubscribers(of: frame.device, into: &passthroughDeliveries)
        guard !passthroughDeliveries.isEmpty else { return }
        // What came due before this frame (a hold's activation) is told before its touches,
        // so a view reads events in time order; the engine would fire it on the frame anyway.
        route(engine.advance(to: frame.time).events)
        let seen = pipeline.turned(frame)
        let changesTouches = seen.contacts.contains { $0.phase != .moved && $0.phase != .stationary }
        // Made once for every subscription that takes it (issue 53: made per subscription, 320
        // of them held the daemon at 89 % of a core).
        let line = ServerMessage.touchesLine(
            device: Int64(frame.device.rawValue), time: Double(frame.time.microseconds - origin.microseconds) / 1_000_000,
            timeUs: frame.time.microseconds, contacts: seen.contacts)
        for (client, subscription) in passthroughDeliveries {
            guard let connection = clients[client], !connection.closing else { continue }
            // Keyed apart from every gesture instance (whose ids count up from 1).
            let key = ClientOutbox.UpdateKey(subscription: subscription, instance: InstanceID(UInt64.max - UInt64(frame.device.rawValue)))
            send(line, subscription: subscription, to: connection, kind: changesTouches ? .transition(key) : .update(key))
        }
    }

    /// The touches a touchpad's rules leave out of `device`'s frames now (palms, thumbs, with
    /// why), when they changed: to the subscriptions that take its touch frames, turned as
    /// configured. Nothing is built while no client in front takes touches.
    public func publishLeftOut(_ device: DeviceID, _ leftOut: [(contact: Contact, reason: String)], at time: Timestamp) {
        loop.preconditionInEventLoop()
        guard router.wantsTouches else { return }
        let described = leftOut.map { "\($0.contact.id) \($0.contact.position.x) \($0.contact.position.y) \($0.reason)" }
        guard described != shownLeftOut[device] ?? [] else { return }
        shownLeftOut[device] = described.isEmpty ? nil : described
        passthroughDeliveries.removeAll(keepingCapacity: true)
        router.touchSubscribers(of: device, into: &passthroughDeliveries)
        guard !passthroughDeliveries.isEmpty else { return }
        let turned = leftOut.isEmpty ? [] : pipeline.turned(TouchFrame(device: device, time: time, contacts: leftOut.map(\.contact))).contacts
        let contacts = Array(zip(turned, leftOut.map(\.reason)))
        for (client, subscription) in passthroughDeliveries {
            guard let connection = clients[client], !connection.closing else { continue }
            send(ServerMessage.leftOut(
                subscription: subscription, device: Int64(device.rawValue), time: Double(time.microseconds - origin.microseconds) / 1_000_000,
                contacts: contacts.map { (contact: $0.0, reason: $0.1) }), to: connection)
        }
        flushAll()
    }

    /// On a device whose gestures consume: what they say of each touch down after the frame
    /// (forwarded to the desktop, held back, consumed), to the subscriptions that take its touch
    /// frames, when it changed (docs/OWNERSHIP.md).
    func publishClaims(_ frame: TouchFrame) {
        guard engine.consumes(on: frame.device) || shownClaims[frame.device] != nil else { return }
        var claims: [(id: Int32, owner: String)] = []
        if engine.consumes(on: frame.device) {
            for contact in frame.contacts where contact.phase.isLive {
                guard let verdict = engine.verdict(forContact: contact.id, on: frame.device) else { continue }
                claims.append((contact.id, String(describing: verdict)))
            }
        }
        let described = claims.map { "\($0.id) \($0.owner)" }
        guard described != shownClaims[frame.device] ?? [] else { return }
        shownClaims[frame.device] = described.isEmpty ? nil : described
        passthroughDeliveries.removeAll(keepingCapacity: true)
        router.touchSubscribers(of: frame.device, into: &passthroughDeliveries)
        for (client, subscription) in passthroughDeliveries {
            guard let connection = clients[client], !connection.closing else { continue }
            send(ServerMessage.claims(
                subscription: subscription, device: Int64(frame.device.rawValue),
                time: Double(frame.time.microseconds - origin.microseconds) / 1_000_000, claims: claims), to: connection)
        }
    }

    /// Whether a device's left-out touches were told and not yet said to be gone.
    public func hasShownLeftOut(of device: DeviceID) -> Bool { shownLeftOut[device] != nil }

    /// One of libinput's own touchpad gestures: to every subscription that asked for them and
    /// covers the device.
    public func publish(_ gesture: TouchpadGesture) {
        loop.preconditionInEventLoop()
        passthroughDeliveries.removeAll(keepingCapacity: true)
        router.touchpadSubscribers(of: gesture.device, into: &passthroughDeliveries)
        for (client, subscription) in passthroughDeliveries {
            guard let connection = clients[client], !connection.closing else { continue }
            let message = ServerMessage.touchpadGesture(
                subscription: subscription, device: Int64(gesture.device.rawValue),
                time: Double(gesture.time.microseconds - origin.microseconds) / 1_000_000, timeUs: gesture.time.microseconds,
                kind: gesture.kind.rawValue, stage: gesture.stage.rawValue, fingers: gesture.fingers, dx: gesture.delta.dx,
                dy: gesture.delta.dy, scale: gesture.scale, angle: gesture.angleDelta, cancelled: gesture.cancelled)
            send(message, to: connection)
        }
        flushAll()
    }

    /// Moves every device to a new configuration: unchanged bindings keep their recognizers and
    /// gestures in flight; changed and removed ones fail with `reconfigured` (delivered like any
    /// failure); clients then get `config-reloaded`. Returns the names of the unchanged ones.
    @discardableResult
    public func reload(_ newConfig: GestureConfig, access newAccess: ResolvedAccessList) -> [String] {
        loop.preconditionInEventLoop()
        let before = Set(config.bindings)
        let kept = newConfig.bindings.filter { before.contains($0) }.map(\.name)
        // A device turned another way fails its gestures in flight (configured and clients'
        // own); the failures are routed while their bindings still count as configured.
        let turned = pipeline.reload(newConfig, at: now, screens: { screenReports[router.seat(of: $0)] }) { route($0) }
        for id in turned {
            guard let device = devices[id] else { continue }
            logger.info("\(device.description.name): now turned \(device.rotation.rawValue)° clockwise")
            announceChange(of: id)
        }
        access = newAccess
        releaseAllKeys(why: "reload")
        applyAccess()
        let names = newConfig.bindings.map(\.name)
        for client in clients.values { send(ServerMessage.configReloaded(gestures: names, kept: kept), to: client) }
        flushAll()
        scheduleDeadline()
        refreshConsumption()
        return kept
    }

    /// Whether a gesture on `device` consumes its touches (the device is then grabbed and
    /// forwarded, docs/OWNERSHIP.md).
    public func consumes(_ device: DeviceID) -> Bool { engine.consumes(on: device) }

    /// What the device's consuming gestures say of a contact after the last frame (nil: the
    /// engine does not know it, or nothing on the device consumes).
    public func verdict(forContact id: Int32, on device: DeviceID) -> TouchVerdict? { engine.verdict(forContact: id, on: device) }

    /// How long a touch a consuming gesture may claim is held back: the configuration's
    /// `decisionWindow:`, else 0.3 s.
    public var decisionWindow: Seconds { config.decisionWindow ?? TouchForwarder.defaultDecisionWindow }

    /// What the device's consuming gestures say of its contacts, for its forwarder.
    public func verdicts(of device: DeviceID) -> TouchVerdicts { engine.verdicts(on: device) }

    /// Lets time pass (deadlines fire).
    public func advance(to time: Timestamp) {
        loop.preconditionInEventLoop()
        scheduled = nil  // a deadline fired (or time was moved): whatever comes next is armed anew
        route(engine.advance(to: time).events)
        flushAll()
        // The input first (grabbed devices' forwarders let go what they held, and say their next
        // deadlines), then the one clock is armed for whichever comes first.
        input?.advanced(to: time)
        scheduleDeadline()
    }

    /// When time must next pass: the engine's next deadline, or a grabbed device's forwarder's,
    /// whichever comes first — one clock for both (live input's thread fires it in order with
    /// the frames, so a frame read before a deadline is always fed before it).
    public var nextDeadline: Timestamp? {
        let engine = engine.nextDeadline
        guard let forwarding = forwardingDeadline else { return engine }
        guard let engine else { return forwarding }
        return min(engine, forwarding)
    }

    /// Each grabbed device's forwarder's next deadline (``setForwardingDeadline(_:of:)``), and
    /// the earliest of them.
    var forwardingDeadlines: [DeviceID: Timestamp] = [:]
    var forwardingDeadline: Timestamp?

    /// Notes when `device`'s forwarder next needs time to pass (nil: never; it forwards no
    /// more, or holds nothing): the hub's one clock fires it with the engine's deadlines, and
    /// ``advance(to:)`` tells the input. Called only when it changed.
    public func setForwardingDeadline(_ due: Timestamp?, of device: DeviceID) {
        forwardingDeadlines[device] = due
        forwardingDeadline = forwardingDeadlines.values.min()
        scheduleDeadline()
    }

    /// Whether a subscription takes libinput's touchpad gestures, as last told.
    var touchpadDemand = false
    /// A ping was withheld for a stall (said once until pings resume).
    var watchdogWithheld = false

    /// Which clients record which device (``startRecording``), and whether each has had its
    /// first whole frame.
    var recorders: [DeviceID: [Int: Bool]] = [:]
    /// Each device's left-out touches as last told (``publishLeftOut(_:_:at:)``), to say only changes.
    var shownLeftOut: [DeviceID: [String]] = [:]
    /// Each consuming device's claims as last told (``publishClaims(_:)``), to say only changes.
    var shownClaims: [DeviceID: [String]] = [:]

    /// The twin each grabbed device is read through by the desktop (its node), as live input
    /// last said (``setTwin(_:of:)``).
    var twins: [DeviceID: String] = [:]

    /// Notes that `device` is grabbed and the desktop reads `twin` (nil: given back), for the
    /// `devices` reply and `hello` (`gesturectl devices`).
    public func setTwin(_ twin: String?, of device: DeviceID) {
        twins[device] = twin
    }

    /// The bindings that consume, with their fewest fingers, as last set in the engine.
    var consuming: [BindingID: Int] = [:]
    /// Each subscription's own numbering of its definitions' instances, by subscription id.
    var definitionTallies: [Int64: InstanceTally] = [:]

    /// After any subscription came or went: who waits for subscribers, the touchpad demand,
    /// and which gestures consume.
    func subscriptionsChanged() {
        // Before the count is told: a replay waiting for it may start feeding at once.
        refreshTracing()
        refreshConsumption()
        input?.subscriptionsChanged(count: subscriptionCount)
        let wanted = router.wantsTouchpadGestures
        guard wanted != touchpadDemand else { return }
        touchpadDemand = wanted
        input?.touchpadDemandChanged(to: wanted)
    }

    /// The deadline last handed to the timer and the input (`.some(nil)`: none), so that a frame
    /// that leaves it as it was does not re-arm the timer or wake the input thread.
    var scheduled: Timestamp??

    func scheduleDeadline() {
        let next = nextDeadline
        guard scheduled != .some(next) else { return }
        scheduled = .some(next)
        deadlineTask?.cancel()
        deadlineTask = nil
        input?.deadlineChanged(to: next)
        guard let clock = deadlineClock, let next else { return }
        deadlineTask = loop.scheduleTask(deadline: clock(next)) { [weak self] in self?.advance(to: next) }
    }

    /// Fails every gesture in flight with `shutdown`, then closes each client once everything
    /// waiting for it — its outbox, these endings included — has been written, or after `grace`
    /// for a client that does not read. Endings are queued past the outbox bound: every
    /// announced instance gets its one end. New connections are refused from here on.
    public func shutdown(grace: TimeAmount = .seconds(2)) -> EventLoopFuture<Void> {
        loop.preconditionInEventLoop()
        deadlineTask?.cancel()
        shuttingDown = true
        route(engine.shutdown(at: now).events)
        releaseAllKeys(why: "stopping")
        let closed = clients.values.map { $0.channel.closeFuture }
        for client in clients.values {
            client.closing = true
            client.draining = true
            flush(client)
        }
        let backstop = loop.scheduleTask(in: grace) { [weak self] in
            guard let self else { return }
            let late = Array(self.clients.values)
            if !late.isEmpty { self.logger.warning("\(late.count) client(s) had not read everything after the shutdown grace; closing them") }
            for client in late { client.channel.close(mode: .all, promise: nil) }
        }
        return EventLoopFuture.andAllComplete(closed, on: loop).always { _ in backstop.cancel() }
    }
}
