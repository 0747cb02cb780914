import GestureClient
import Evdev
import GestureCore
import GesturePipeline
import GestureWire
import LinuxInput
import Logging
import NIOCore

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
    let engine: GestureEngine
    /// The configuration in force (replaced by ``reload(_:access:)``).
    public private(set) var config: GestureConfig
    /// Who may connect (checked against each peer's credentials).
    public var access: ResolvedAccessList = .everyone
    /// When set, gesture events carry `ingressUs`: this clock's reading (µs, CLOCK_MONOTONIC)
    /// as the frame that caused them entered the engine — for measuring the daemon's latency.
    public var ingressClock: (() -> Int64)?
    var ingress: Int64?
    let limits: ProtocolLimits
    let outboxLimit: Int
    /// How long an overflowed client's last line may take before it is closed anyway.
    let overflowGrace: TimeAmount
    let serverVersion: String
    let capabilities: [String]
    let logger: Logger
    /// Event times are reported as seconds since this.
    let origin: Timestamp
    /// Maps an engine deadline to the loop's clock; nil when the caller advances time itself.
    let deadlineClock: ((Timestamp) -> NIODeadline)?

    struct Device {
        var description: DeviceDescription
        var root: TargetID
        var configured: DeviceBindings
    }

    var devices: [DeviceID: Device] = [:]
    var configuredBindings: Set<BindingID> = []
    var clients: [ObjectIdentifier: HubClient] = [:]
    var sequence: UInt64 = 0
    var nextSubscription: Int64 = 1
    var deadlineTask: Scheduled<Void>?
    /// Set by ``shutdown(grace:)``: endings are queued past the outbox bound, connections refused.
    var shuttingDown = false
    /// Gives freed memory back to the system a second after the last of a burst of clients left.
    var memoryTrim: Scheduled<Void>?
    /// Called with the number of subscriptions whenever it changes (replay waits on it).
    public var onSubscriptionsChanged: ((Int) -> Void)?

    /// Creates a hub.
    public init(
        loop: any EventLoop, config: GestureConfig, origin: Timestamp, serverVersion: String, capabilities: [String],
        limits: ProtocolLimits = .standard, outboxLimit: Int = 1024, overflowGrace: TimeAmount = .seconds(1), deadlineClock: ((Timestamp) -> NIODeadline)?,
        logger: Logger
    ) {
        self.loop = loop
        self.config = config
        self.origin = origin
        self.serverVersion = serverVersion
        self.capabilities = capabilities
        self.limits = limits
        self.outboxLimit = outboxLimit
        self.overflowGrace = overflowGrace
        self.deadlineClock = deadlineClock
        self.logger = logger
        engine = GestureEngine()
    }

    /// The engine's current time (the origin before any input).
    var now: Timestamp { max(engine.now, origin) }

    /// Subscriptions over all clients.
    public var subscriptionCount: Int { clients.values.reduce(0) { $0 + $1.subscriptions.count } }

    // MARK: Input

    /// A device appeared: attach the configuration (and clients' own gestures) and tell clients.
    public func addDevice(_ id: DeviceID, description: DeviceDescription) {
        loop.preconditionInEventLoop()
        let profile = DeviceProfile(description)
        let root = engine.addDevice(id, geometry: profile.geometry)
        let bindings = DeviceBindings(config: config, engine: engine, device: profile, root: root)
        configuredBindings.formUnion(bindings.attached.map(\.id))
        devices[id] = Device(description: description, root: root, configured: bindings)
        for (name, reason) in bindings.excluded { logger.info("\(description.name): gesture \(name) left out: \(reason)") }
        for client in clients.values {
            for subscription in client.subscriptions.values { attachDefinitions(subscription, to: id) }
            send(ServerMessage.deviceAdded(deviceJSON(id)), to: client)
        }
        flushAll()
    }

    /// A device went away: its gestures fail with `deviceRemoved`, then clients are told.
    public func removeDevice(_ id: DeviceID, at time: Timestamp) {
        loop.preconditionInEventLoop()
        guard let device = devices.removeValue(forKey: id) else { return }
        route(engine.removeDevice(id, at: time).events)
        configuredBindings.subtract(device.configured.attached.map(\.id))
        for client in clients.values {
            for subscription in client.subscriptions.values {
                subscription.owned = subscription.owned.filter { engine.name(of: $0) != nil }
            }
            send(ServerMessage.deviceRemoved(id: Int64(id.rawValue)), to: client)
        }
        flushAll()
        scheduleDeadline()
    }

    /// One frame of touches.
    public func feed(_ frame: TouchFrame) {
        loop.preconditionInEventLoop()
        ingress = ingressClock?()
        defer { ingress = nil }
        route(engine.feed(frame).events)
        flushAll()
        scheduleDeadline()
    }

    /// One of libinput's own touchpad gestures: to every subscription that asked for them and
    /// covers the device.
    public func publish(_ gesture: TouchpadGesture) {
        loop.preconditionInEventLoop()
        for client in clients.values where !client.closing {
            for subscription in client.subscriptions.values where subscription.touchpadGestures {
                if let devices = subscription.devices, !devices.contains(gesture.device) { continue }
                let message = ServerMessage.touchpadGesture(
                    subscription: subscription.id, device: Int64(gesture.device.rawValue),
                    time: Double(gesture.time.microseconds - origin.microseconds) / 1_000_000, timeUs: gesture.time.microseconds,
                    kind: gesture.kind.rawValue, stage: gesture.stage.rawValue, fingers: gesture.fingers, dx: gesture.delta.dx,
                    dy: gesture.delta.dy, scale: gesture.scale, angle: gesture.angleDelta, cancelled: gesture.cancelled)
                send(message, to: client)
            }
        }
        flushAll()
    }

    /// Moves every device to a new configuration: unchanged bindings keep their recognizers and
    /// gestures in flight; changed and removed ones fail with `reconfigured` (delivered like any
    /// failure); clients then get `config-reloaded`. Returns the names of the unchanged ones.
    @discardableResult
    public func reload(_ newConfig: GestureConfig, access newAccess: ResolvedAccessList) -> [String] {
        loop.preconditionInEventLoop()
        let time = now
        var events: [GestureEvent] = []
        for id in devices.keys.sorted() {
            guard var device = devices[id] else { continue }
            events += device.configured.reconfigure(
                to: newConfig, engine: engine, device: DeviceProfile(device.description), root: device.root, at: time)
            devices[id] = device
        }
        // Route the failures while their bindings still count as configured.
        route(events)
        let before = Set(config.bindings)
        let kept = newConfig.bindings.filter { before.contains($0) }.map(\.name)
        config = newConfig
        access = newAccess
        configuredBindings = Set(devices.values.flatMap { $0.configured.attached.map(\.id) })
        let names = newConfig.bindings.map(\.name)
        for client in clients.values { send(ServerMessage.configReloaded(gestures: names, kept: kept), to: client) }
        flushAll()
        scheduleDeadline()
        return kept
    }

    /// Lets time pass (deadlines fire).
    public func advance(to time: Timestamp) {
        loop.preconditionInEventLoop()
        scheduled = nil  // a deadline fired (or time was moved): whatever comes next is armed anew
        route(engine.advance(to: time).events)
        flushAll()
        scheduleDeadline()
    }

    /// When the engine next needs time to pass.
    public var nextDeadline: Timestamp? { engine.nextDeadline }

    /// Told the engine's next deadline whenever it may have changed, for an input source that
    /// drives time itself (live input: its thread fires deadlines in order with the input, so a
    /// frame read before a deadline is always fed before it).
    public var onNextDeadline: ((Timestamp?) -> Void)?

    /// The deadline last handed to the timer and `onNextDeadline` (`.some(nil)`: none), so that
    /// a frame that leaves it as it was does not re-arm the timer or wake the input thread.
    var scheduled: Timestamp??

    func scheduleDeadline() {
        let next = engine.nextDeadline
        guard scheduled != .some(next) else { return }
        scheduled = .some(next)
        deadlineTask?.cancel()
        deadlineTask = nil
        onNextDeadline?(next)
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

    // MARK: Clients

    /// A client connected (`peer`: its credentials, when the socket has them): it gets `hello`,
    /// or an `error` event and a closed connection when the access list leaves it out.
    public func connect(_ channel: any Channel, peer: PeerCredentials?) {
        loop.preconditionInEventLoop()
        if shuttingDown {
            channel.close(promise: nil)
            return
        }
        if access.restricted, !(peer.map { access.allows(uid: $0.uid, groups: $0.groups) } ?? false) {
            logger.warning("refused client \(peer.map(\.description) ?? "with unknown credentials"): not in the config's access list")
            var buffer = channel.allocator.buffer(capacity: 128)
            buffer.writeString(ServerMessage.errorEvent(code: "forbidden", "uid \(peer.map { String($0.uid) } ?? "?") is not in gestured's access list").serialized + "\n")
            channel.writeAndFlush(buffer).whenComplete { _ in channel.close(promise: nil) }
            return
        }
        logger.info("client connected: \(peer.map(\.description) ?? "credentials unknown")")
        let client = HubClient(channel: channel, outboxLimit: outboxLimit)
        clients[client.id] = client
        send(ServerMessage.hello(serverVersion: serverVersion, capabilities: capabilities, devices: devicesJSON()), to: client)
        flush(client)
    }

    /// A client went away: its own gestures are removed with it.
    public func disconnect(_ channel: any Channel) {
        loop.preconditionInEventLoop()
        guard let client = clients.removeValue(forKey: ObjectIdentifier(channel)) else { return }
        for subscription in client.subscriptions.values {
            for binding in subscription.owned { _ = engine.detach(binding, reason: .unsubscribed, at: now) }
        }
        if !client.subscriptions.isEmpty { onSubscriptionsChanged?(subscriptionCount) }
        scheduleDeadline()
        // What a client held (its queue, the channel's buffers) is free now, but malloc keeps
        // freed pages in its arenas: without this, a burst of 200 stuck clients left the
        // daemon 23 MB larger for good. One trim per burst, after it settled.
        memoryTrim?.cancel()
        memoryTrim = loop.scheduleTask(in: .seconds(1)) { MallocTrim.now() }
    }

    /// The client's channel can take more: send what waits — on the next loop turn, because
    /// NIO reports writability from inside a flush, and a flush nested in it would be ignored,
    /// leaving the lines written but never sent.
    public func writable(_ channel: any Channel) {
        let id = ObjectIdentifier(channel)
        loop.execute { [weak self] in
            guard let self, let client = self.clients[id] else { return }
            self.flush(client)
        }
    }

    /// One line from a client.
    public func receive(_ line: LineSplitter.Line, from channel: any Channel) {
        loop.preconditionInEventLoop()
        guard let client = clients[ObjectIdentifier(channel)], !client.closing else { return }
        switch line {
        case .tooLong:
            send(ServerMessage.error(id: nil, ProtocolError(.lineTooLong, "request lines may be at most \(limits.maximumLineBytes) bytes")), to: client)
        case .text(let text):
            guard !text.allSatisfy({ $0 == " " || $0 == "\t" }) else { return }
            switch RequestParser.parse(text, limits: limits) {
            case .failure(let failure):
                send(ServerMessage.error(id: failure.id, failure.error), to: client)
            case .success(let request):
                handle(request, from: client)
            }
        }
        flush(client)
    }

    func handle(_ request: ClientRequest, from client: HubClient) {
        switch request.command {
        case .ping:
            send(ServerMessage.ok(id: request.id, [("pong", .bool(true))]), to: client)
        case .devices:
            send(ServerMessage.ok(id: request.id, [("devices", .array(devicesJSON()))]), to: client)
        case .snapshot:
            let instances = engine.activeInstances(at: now).map { GestureEventJSON.object($0, origin: origin) }
            send(ServerMessage.ok(id: request.id, [("instances", .array(instances))]), to: client)
        case .subscribe(let subscribe):
            switch self.subscribe(subscribe, for: client) {
            case .failure(let error):
                send(ServerMessage.error(id: request.id, error), to: client)
            case .success(let subscription):
                send(ServerMessage.ok(id: request.id, [("subscription", .int(subscription.id))]), to: client)
                // What is already in flight first, so the client starts in sync.
                for event in engine.activeInstances(at: now) where subscription.covers(event, configured: configuredBindings.contains(event.binding)) {
                    guard subscription.admit(event) else { continue }
                    var message = ServerMessage.gesture(event, sequence: sequence, subscription: subscription.id, origin: origin)
                    if case .object(var fields) = message {
                        fields.append(("snapshot", .bool(true)))
                        message = .object(fields)
                    }
                    send(message, to: client, kind: .update(ClientOutbox.UpdateKey(subscription: subscription.id, instance: event.instance)))
                }
                onSubscriptionsChanged?(subscriptionCount)
            }
        case .unsubscribe(let id):
            guard let subscription = client.subscriptions[id] else {
                send(ServerMessage.error(id: request.id, ProtocolError(.unknownSubscription, "no subscription \(id) on this connection")), to: client)
                return
            }
            // Its own gestures end for real; configured ones in flight end for this client only.
            for binding in subscription.owned { route(engine.detach(binding, reason: .unsubscribed, at: now).events) }
            for (_, last) in subscription.told.sorted(by: { $0.key < $1.key }) {
                var ending = last
                ending.time = now
                ending.phase = .failed
                ending.reason = .unsubscribed
                ending.value = nil
                send(ServerMessage.gesture(ending, sequence: sequence, subscription: id, origin: origin), to: client)
            }
            client.subscriptions[id] = nil
            send(ServerMessage.ok(id: request.id), to: client)
            onSubscriptionsChanged?(subscriptionCount)
            scheduleDeadline()
        }
    }

    func subscribe(_ request: SubscriptionRequest, for client: HubClient) -> Result<HubSubscription, ProtocolError> {
        guard client.subscriptions.count < limits.maximumSubscriptions else {
            return .failure(ProtocolError(.tooManySubscriptions, "at most \(limits.maximumSubscriptions) subscriptions per connection"))
        }
        let known = Set(config.bindings.map(\.name))
        if let unknown = request.gestures.first(where: { !known.contains($0) }) {
            return .failure(ProtocolError(.invalidRequest, "no configured gesture named \"\(unknown)\"; configured: \(config.bindings.map(\.name).joined(separator: ", "))"))
        }
        var definitions: GestureConfig?
        if !request.definitions.isEmpty {
            let yaml = "version: 1\ngestures:\n" + request.definitions.map { "  - \($0.serialized)\n" }.joined()
            do {
                definitions = try GestureConfig.parse(yaml, file: "define")
            } catch let error as FileError {
                return .failure(ProtocolError(.invalidGesture, error.message))
            } catch {
                return .failure(ProtocolError(.invalidGesture, "\(error)"))
            }
        }
        if let definitions {
            func cost(_ config: GestureConfig?) -> Int { config?.bindings.reduce(0) { $0 + $1.gesture.recognizerCount } ?? 0 }
            func held(by client: HubClient) -> Int { client.subscriptions.values.reduce(0) { $0 + cost($1.definitions) } }
            let asked = cost(definitions)
            let mine = held(by: client)
            guard mine + asked <= limits.maximumDefinedRecognizers else {
                return .failure(ProtocolError(.invalidGesture, "these definitions hold \(asked) recognizers and this connection's others \(mine); at most \(limits.maximumDefinedRecognizers) per connection"))
            }
            let all = clients.values.reduce(0) { $0 + held(by: $1) }
            guard all + asked <= limits.maximumDefinedRecognizersInAll else {
                return .failure(ProtocolError(.invalidGesture, "these definitions hold \(asked) recognizers and all clients' others \(all); the daemon takes at most \(limits.maximumDefinedRecognizersInAll) in all"))
            }
        }
        let names: Set<String>? = request.gestures.isEmpty ? nil : Set(request.gestures)
        // Device ids are 0...UInt32.max here: RequestParser refuses others.
        let subscription = HubSubscription(
            id: nextSubscription, names: names, definitions: definitions,
            devices: request.devices.map { Set($0.map { DeviceID(UInt32($0)) }) }, phases: request.phases,
            touchpadGestures: request.touchpadGestures)
        nextSubscription += 1
        for id in devices.keys.sorted() { attachDefinitions(subscription, to: id) }
        client.subscriptions[subscription.id] = subscription
        return .success(subscription)
    }

    func attachDefinitions(_ subscription: HubSubscription, to id: DeviceID) {
        guard let definitions = subscription.definitions, let device = devices[id] else { return }
        let bindings = DeviceBindings(config: definitions, engine: engine, device: DeviceProfile(device.description), root: device.root)
        subscription.owned.formUnion(bindings.attached.map(\.id))
    }

    // MARK: Output

    func route(_ events: [GestureEvent]) {
        for event in events {
            sequence += 1
            let configured = configuredBindings.contains(event.binding)
            // Serialised once, on the first subscription that takes it.
            var line: ServerMessage.GestureLine?
            for client in clients.values where !client.closing {
                for subscription in client.subscriptions.values where subscription.covers(event, configured: configured) {
                    guard subscription.admit(event) else { continue }
                    let key = ClientOutbox.UpdateKey(subscription: subscription.id, instance: event.instance)
                    if line == nil {
                        line = ServerMessage.gestureLine(
                            event, sequence: sequence, origin: origin, extra: ingress.map { [("ingressUs", .int($0))] } ?? [])
                    }
                    send(line!.line(subscription: subscription.id), to: client, kind: event.phase == .active ? .update(key) : .transition(key))
                }
            }
        }
    }

    /// Sends a line: straight to the channel while it takes data and nothing waits before it;
    /// into the outbox (where active updates coalesce) once the client is behind.
    func send(_ message: JSONValue, to client: HubClient, kind: ClientOutbox.Kind = .other) {
        send(message.serialized, to: client, kind: kind)
    }

    func send(_ line: String, to client: HubClient, kind: ClientOutbox.Kind = .other) {
        guard !client.closing else { return }
        if client.outbox.isEmpty && client.channel.isWritable {
            write([line], to: client.channel)
            client.unflushed = true
            return
        }
        if client.outbox.push(line, kind, bounded: !shuttingDown) == .overflow { overflow(client) }
    }

    /// The client is too far behind: it is told so, if its socket still takes a line, and
    /// disconnected — at once if that line goes out, after ``overflowGrace`` if it does not
    /// (a client that never reads must not keep its connection and memory).
    func overflow(_ client: HubClient) {
        client.closing = true
        let queued = client.outbox.count
        logger.warning("client fell \(queued) messages behind; sending overflow and disconnecting")
        client.outbox = ClientOutbox(limit: client.outbox.limit)
        var buffer = client.channel.allocator.buffer(capacity: 256)
        buffer.writeString(ServerMessage.overflow(queued: queued, limit: client.outbox.limit).serialized + "\n")
        let channel = client.channel
        let backstop = loop.scheduleTask(in: overflowGrace) { channel.close(mode: .all, promise: nil) }
        channel.writeAndFlush(buffer).whenComplete { _ in
            backstop.cancel()
            channel.close(promise: nil)
        }
    }

    func write(_ lines: [String], to channel: any Channel) {
        var buffer = channel.allocator.buffer(capacity: lines.reduce(0) { $0 + $1.utf8.count + 1 })
        for line in lines {
            buffer.writeString(line)
            buffer.writeInteger(UInt8(ascii: "\n"))
        }
        channel.write(buffer, promise: nil)
    }

    func flushAll() {
        for client in clients.values { flush(client) }
    }

    /// Writes what waits while the channel takes it, then flushes; the rest waits for `writable`.
    /// A draining client whose outbox is empty is closed once its last write completed.
    func flush(_ client: HubClient) {
        while client.channel.isWritable, !client.outbox.isEmpty {
            write(client.outbox.pop(64), to: client.channel)
            client.unflushed = true
        }
        if client.unflushed {
            client.unflushed = false
            client.channel.flush()
        }
        if client.draining, client.outbox.isEmpty, !client.drainIssued {
            client.drainIssued = true
            let channel = client.channel
            channel.writeAndFlush(channel.allocator.buffer(capacity: 0)).whenComplete { _ in channel.close(promise: nil) }
        }
    }

    func devicesJSON() -> [JSONValue] { devices.keys.sorted().map(deviceJSON) }

    func deviceJSON(_ id: DeviceID) -> JSONValue {
        guard let description = devices[id]?.description else { return .null }
        let surface = description.surface
        return ServerMessage.device(
            id: Int64(id.rawValue), name: description.name, kind: description.kind.rawValue, width: surface.width,
            height: surface.height, sizeEstimated: surface.estimated, slots: description.slotCount)
    }
}
