import Evdev
import GestureCore
import GesturePipeline
import GestureRouting
import GestureWire
import Logging
import NIOCore

/// Output: routing engine events to subscriptions, the clients' outboxes, overflow.
extension GestureHub {
    func route(_ events: [GestureEvent]) {
        // Why they fired or not, before the events themselves (state first).
        if engine.recordsUnseenFailures { publishTrace() }
        guard !events.isEmpty else { return }
        deliveries.removeAll(keepingCapacity: true)
        // Read once: the configured set lives in ConfiguredDevices, and routing does not change it.
        router.route(events, configured: configuredBindings, into: &deliveries)
        // Each event is serialised once per sequence number, for the first delivery that takes
        // it (a client's second subscription to take an event has a number of its own).
        var lineEvent = -1
        var lineSequence: UInt64 = 0
        var line: ServerMessage.SubscriptionLine?
        for delivery in deliveries {
            guard let client = clients[delivery.client], !client.closing else { continue }
            let event = events[delivery.event]
            if lineEvent != delivery.event || lineSequence != delivery.sequence {
                lineEvent = delivery.event
                lineSequence = delivery.sequence
                line = ServerMessage.gestureLine(
                    event, sequence: delivery.sequence, origin: origin, extra: ingress.map { [("ingressUs", .int($0))] } ?? [])
            }
            let key = ClientOutbox.UpdateKey(subscription: delivery.subscription, instance: event.instance)
            send(line!, subscription: delivery.subscription, to: client, kind: delivery.isUpdate ? .update(key) : .transition(key))
        }
    }

    /// A line made once for every subscription (a gesture event, touches, a trace): its bytes
    /// straight into the channel's buffer while the client keeps up (no String made); as text
    /// into the outbox once it is behind.
    func send(_ line: ServerMessage.SubscriptionLine, subscription: Int64, to client: HubClient, kind: ClientOutbox.Kind) {
        guard !client.closing else { return }
        if client.outbox.isEmpty && client.channel.isWritable {
            var buffer = client.channel.allocator.buffer(capacity: line.capacity)
            line.write(subscription: subscription, into: &buffer)
            client.channel.write(buffer, promise: nil)
            client.unflushed = true
            return
        }
        if client.outbox.push(line.line(subscription: subscription), kind, bounded: !shuttingDown) == .overflow { overflow(client) }
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

    /// The devices of the seats `seats` covers.
    func devicesJSON(_ seats: SeatAccess) -> [JSONValue] {
        router.devices(visibleTo: seats).map(deviceJSON)
    }

    func deviceJSON(_ id: DeviceID) -> JSONValue {
        guard let device = devices[id] else { return .null }
        let description = device.description
        // The size as positions are reported: turned with the device.
        let size = device.profile.geometry.size
        return ServerMessage.device(
            id: Int64(id.rawValue), name: description.name, kind: description.kind.rawValue, width: size.width,
            height: size.height, sizeEstimated: description.surface.estimated, slots: description.slotCount, twin: twins[id],
            orientation: device.orientation.json)
    }
}
