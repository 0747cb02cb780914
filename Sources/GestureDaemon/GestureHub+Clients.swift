import Evdev
import GestureCore
import GesturePipeline
import GestureRouting
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
        clientArrivedWhileSettling()
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
        let id = router.connect(uid: peer?.uid, groups: peer?.groups ?? [], seats: seats)
        let client = HubClient(channel: channel, routerID: id, peer: peer, outboxLimit: outboxLimit)
        clients[id] = client
        channels[ObjectIdentifier(channel)] = id
        send(
            ServerMessage.hello(serverVersion: serverVersion, capabilities: capabilities, devices: devicesJSON(seats), gestures: config.bindings.map(\.name)),
            to: client)
        flush(client)
    }

    /// What the access list and the seats' sessions say of a peer now.
    func decide(_ peer: PeerCredentials?) -> AccessDecision {
        router.decide(uid: peer?.uid, groups: peer?.groups ?? [])
    }

    /// The connection of `channel`.
    func client(of channel: any Channel) -> HubClient? {
        channels[ObjectIdentifier(channel)].flatMap { clients[$0] }
    }

    /// A client went away: its own gestures are removed with it.
    public func disconnect(_ channel: any Channel) {
        loop.preconditionInEventLoop()
        guard let id = channels.removeValue(forKey: ObjectIdentifier(channel)) else { return }
        logger.info("client disconnected: \(clients[id]?.peer.map(\.description) ?? "credentials unknown")")
        clients[id] = nil
        releaseKeys(of: id, why: "its client disconnected")
        keys.forget(id)
        forgetRecordings(client: id)
        guard let client = router.disconnect(id) else { return }
        for subscription in client.subscriptions {
            for binding in subscription.owned { _ = engine.detach(binding, reason: .unsubscribed, at: now) }
            definitionTallies[subscription.id] = nil
        }
        if !client.subscriptions.isEmpty { subscriptionsChanged() }
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
            guard let self, let client = self.channels[id].flatMap({ self.clients[$0] }) else { return }
            self.flush(client)
        }
    }

    /// One line from a client.
    public func receive(_ line: LineSplitter.Line, from channel: any Channel) {
        loop.preconditionInEventLoop()
        guard let client = client(of: channel), !client.closing else { return }
        switch line {
        case .tooLong(let head):
            send(ServerMessage.error(id: RequestIDScanner.id(in: head), ProtocolError(.lineTooLong, "request lines may be at most \(limits.maximumLineBytes) bytes")), to: client)
        case .notUTF8(let column):
            send(ServerMessage.error(id: nil, ProtocolError(.badJSON, "the line is not UTF-8: byte \(column) is no part of a character")), to: client)
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
        let id = client.routerID
        switch request.command {
        case .ping:
            send(ServerMessage.ok(id: request.id, [("pong", .bool(true))]), to: client)
        case .keys(let steps):
            typeKeys(steps, id: request.id, from: client)
        case .record(let device):
            startRecording(device, id: request.id, from: client)
        case .stopRecord(let device):
            stopRecording(device, id: request.id, from: client)
        case .screens(let report):
            followScreens(report, id: request.id, from: client)
        case .devices:
            send(ServerMessage.ok(id: request.id, [("devices", .array(devicesJSON(router.client(id)!.seats)))]), to: client)
        case .snapshot:
            let instances = router.visible(engine.activeInstances(at: now), to: id, configured: configuredBindings).map { GestureEventJSON.object($0, origin: origin) }
            send(ServerMessage.ok(id: request.id, [("instances", .array(instances))]), to: client)
        case .subscribe(let subscribe):
            let result = router.subscribe(
                subscribe, for: id, configured: config.bindings.map(\.name), touchpadGestures: capabilities.contains("touchpad-gestures"),
                limits: limits)
            switch result {
            case .failure(let error):
                send(ServerMessage.error(id: request.id, error), to: client)
            case .success(let subscription):
                for device in router.devices(visibleTo: router.client(id)!.seats) { attachDefinitions(subscription, of: id, to: device) }
                send(ServerMessage.ok(id: request.id, [("subscription", .int(subscription))]), to: client)
                // What is already in flight first, so the client starts in sync.
                sendSnapshot(subscription, to: client)
                subscriptionsChanged()
            }
        case .unsubscribe(let subscription):
            guard let owned = router.subscription(subscription, of: id)?.owned else {
                send(ServerMessage.error(id: request.id, ProtocolError(.unknownSubscription, "no subscription \(subscription) on this connection")), to: client)
                return
            }
            // Its own gestures end for real; configured ones in flight end for this client only.
            for binding in owned { route(engine.detach(binding, reason: .unsubscribed, at: now).events) }
            for last in router.unsubscribe(subscription, of: id)?.endings ?? [] { end(last, for: subscription, of: client, reason: .unsubscribed) }
            definitionTallies[subscription] = nil
            send(ServerMessage.ok(id: request.id), to: client)
            subscriptionsChanged()
            scheduleDeadline()
        }
    }

    /// Attaches a subscription's own gestures to a device.
    func attachDefinitions(_ subscription: Int64, of client: Int, to device: DeviceID) {
        guard let definitions = router.subscription(subscription, of: client)?.definitions, let configured = devices[device] else { return }
        // One tally per subscription, over every device: its numbers are its own (issue 61).
        let tally = definitionTallies[subscription] ?? InstanceTally()
        definitionTallies[subscription] = tally
        let bindings = DeviceBindings(config: definitions, engine: engine, device: configured.profile, root: configured.root, tally: tally)
        router.attached(bindings.attached.map(\.id), on: device, to: subscription, of: client)
    }

    /// The instances in flight that a subscription covers, on the devices its client sees (of
    /// `only`, when given), marked `snapshot: true`: what it must know to be in sync. Each line
    /// takes a sequence number of its own, as every event does.
    func sendSnapshot(_ subscription: Int64, to client: HubClient, only: Set<DeviceID>? = nil) {
        let events = router.snapshot(
            subscription, of: client.routerID, active: engine.activeInstances(at: now), configured: configuredBindings, only: only)
        for event in events {
            var message = ServerMessage.gesture(event, sequence: router.takeSequence(), subscription: subscription, origin: origin)
            if case .object(var fields) = message {
                fields.append(("snapshot", .bool(true)))
                message = .object(fields)
            }
            send(message, to: client, kind: .update(ClientOutbox.UpdateKey(subscription: subscription, instance: event.instance)))
        }
    }
}
