import Evdev
import GestureCore
import GesturePipeline
import GestureWire
import Logging
import NIOCore

/// Clients: connections, requests, subscriptions and the clients' own definitions.
extension GestureHub {
    /// A client connected (`peer`: its credentials, when the socket has them): it gets `hello`
    /// with the devices of the seats it sees, or an `error` event (`forbidden`, saying why) and
    /// a closed connection when the access list leaves it out or its user is not the one in
    /// front of any seat.
    public func connect(_ channel: any Channel, peer: PeerCredentials?) {
        loop.preconditionInEventLoop()
        if shuttingDown {
            channel.close(promise: nil)
            return
        }
        let decision = decide(peer)
        guard case .serve(let seats) = decision else {
            let why: String
            switch decision {
            case .refused(let text):
                why = text
                logger.warning("refused client \(peer.map(\.description) ?? "with unknown credentials"): \(why)")
            case .inactive(let text):
                // Expected whenever a user's client starts while another user is in front.
                why = text
                logger.info("refused client \(peer.map(\.description) ?? "with unknown credentials"): \(why)")
            case .serve:
                why = ""
            }
            var buffer = channel.allocator.buffer(capacity: 256)
            buffer.writeString(ServerMessage.errorEvent(code: "forbidden", why).serialized + "\n")
            channel.writeAndFlush(buffer).whenComplete { _ in channel.close(promise: nil) }
            return
        }
        logger.info("client connected: \(peer.map(\.description) ?? "credentials unknown")\(seats == .all ? "" : ", seeing \(seats)")")
        let client = HubClient(channel: channel, peer: peer, seats: seats, outboxLimit: outboxLimit)
        clients[client.id] = client
        send(
            ServerMessage.hello(serverVersion: serverVersion, capabilities: capabilities, devices: devicesJSON(seats), gestures: config.bindings.map(\.name)),
            to: client)
        flush(client)
    }

    /// What the access list and the seats' sessions say of a peer now.
    func decide(_ peer: PeerCredentials?) -> AccessDecision {
        access.decide(uid: peer?.uid, groups: peer?.groups ?? [], daemonUID: daemonUID, sessions: sessions)
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
            send(ServerMessage.ok(id: request.id, [("devices", .array(devicesJSON(client.seats)))]), to: client)
        case .snapshot:
            let instances = engine.activeInstances(at: now).filter { client.seats.contains(deviceSeats[$0.device] ?? Self.defaultSeat) }
                .map { GestureEventJSON.object($0, origin: origin) }
            send(ServerMessage.ok(id: request.id, [("instances", .array(instances))]), to: client)
        case .subscribe(let subscribe):
            switch self.subscribe(subscribe, for: client) {
            case .failure(let error):
                send(ServerMessage.error(id: request.id, error), to: client)
            case .success(let subscription):
                send(ServerMessage.ok(id: request.id, [("subscription", .int(subscription.id))]), to: client)
                // What is already in flight first, so the client starts in sync.
                sendSnapshot(subscription, to: client)
                onSubscriptionsChanged?(subscriptionCount)
            }
        case .unsubscribe(let id):
            guard let subscription = client.subscriptions[id] else {
                send(ServerMessage.error(id: request.id, ProtocolError(.unknownSubscription, "no subscription \(id) on this connection")), to: client)
                return
            }
            // Its own gestures end for real; configured ones in flight end for this client only.
            for binding in subscription.owned { route(engine.detach(binding, reason: .unsubscribed, at: now).events) }
            for (_, last) in subscription.told.sorted(by: { $0.key < $1.key }) { end(last, for: subscription, of: client, reason: .unsubscribed) }
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
        if request.touchpadGestures, !capabilities.contains("touchpad-gestures") {
            return .failure(ProtocolError(
                .invalidRequest, "\"touchpadGestures\": this daemon has no libinput touchpad gestures to pass through (it replays a recording); leave it out"))
        }
        var definitions: GestureConfig?
        if !request.definitions.isEmpty {
            switch Self.definitions(request.definitions) {
            case .failure(let error): return .failure(error)
            case .success(let parsed): definitions = parsed
            }
        }
        if let shadowing = definitions?.bindings.first(where: { known.contains($0.name) }) {
            return .failure(ProtocolError(
                .invalidGesture, "define[\((shadowing.line ?? 1) - 1)]: \"\(shadowing.name)\" is the name of a configured gesture; give yours another name"))
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
        for id in deviceSeats.keys.sorted() where client.seats.contains(deviceSeats[id]!) { attachDefinitions(subscription, to: id) }
        client.subscriptions[subscription.id] = subscription
        return .success(subscription)
    }

    /// A `define` list read with the configuration's rules, its mistakes named by the entry
    /// (`define[2]: …`), never by a line of text the client did not write.
    static func definitions(_ items: [JSONValue]) -> Result<GestureConfig, ProtocolError> {
        do {
            return .success(try GestureConfig.definitions(items))
        } catch let error as FileError {
            return .failure(ProtocolError(.invalidGesture, error.line.map { "define[\($0 - 1)]: " + error.message } ?? error.message))
        } catch {
            return .failure(ProtocolError(.invalidGesture, "\(error)"))
        }
    }

    func attachDefinitions(_ subscription: HubSubscription, to id: DeviceID) {
        guard let definitions = subscription.definitions, let device = devices[id] else { return }
        let bindings = DeviceBindings(config: definitions, engine: engine, device: device.profile, root: device.root)
        subscription.owned.formUnion(bindings.attached.map(\.id))
        subscription.attached[id, default: []].formUnion(bindings.attached.map(\.id))
    }

    /// The instances in flight that `subscription` covers, on the devices its client sees (of
    /// `only`, when given), marked `snapshot: true`: what it must know to be in sync.
    func sendSnapshot(_ subscription: HubSubscription, to client: HubClient, only: Set<DeviceID>? = nil) {
        for event in engine.activeInstances(at: now) where subscription.covers(event, configured: configuredBindings.contains(event.binding)) {
            guard only.map({ $0.contains(event.device) }) ?? true, client.seats.contains(deviceSeats[event.device] ?? Self.defaultSeat),
                subscription.admit(event)
            else { continue }
            var message = ServerMessage.gesture(event, sequence: sequence, subscription: subscription.id, origin: origin)
            if case .object(var fields) = message {
                fields.append(("snapshot", .bool(true)))
                message = .object(fields)
            }
            send(message, to: client, kind: .update(ClientOutbox.UpdateKey(subscription: subscription.id, instance: event.instance)))
        }
    }
}
