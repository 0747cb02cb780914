import GestureCore
import GesturePipeline
import GestureWire

/// `trace`: why gestures fire or not, for a live view — the touch arenas each binding joins,
/// wins and loses, and its failures before any client saw it. The engine keeps them only while
/// a subscription asks (``refreshTracing()``); each round's go out before its gesture events,
/// to clients in front of the device's seat, and only of the gestures each subscription covers
/// (never another client's own).
extension GestureHub {
    /// Whether the engine keeps traces now (some subscription asks for them).
    public var tracing: Bool { engine.recordsUnseenFailures }

    /// Turns the engine's traces on while some subscription wants them, off otherwise.
    func refreshTracing() {
        let wanted = router.wantsTrace
        guard wanted != engine.recordsUnseenFailures else { return }
        engine.recordsArenaDecisions = wanted
        engine.recordsUnseenFailures = wanted
        engine.clearArenaLog()
        engine.clearUnseenFailures()
    }

    /// Sends what the engine traced since the last call, by device, to who takes it.
    func publishTrace() {
        let log = engine.arenaLog
        let failures = engine.unseenFailures
        guard !log.isEmpty || !failures.isEmpty else { return }
        engine.clearArenaLog()
        engine.clearUnseenFailures()
        var byDevice: [DeviceID: [(binding: BindingID, name: String, entry: JSONValue)]] = [:]
        for record in log {
            guard record.kind != .closed, record.kind != .claimed, let binding = record.binding, let device = engine.device(of: binding), let name = engine.name(of: binding)
            else { continue }
            byDevice[device, default: []].append((binding, name, .object([
                ("gesture", .string(name)), ("arena", .string(record.kind.rawValue)), ("touch", .int(Int64(record.contact))),
            ])))
        }
        for failure in failures {
            byDevice[failure.device, default: []].append((failure.binding, failure.name, .object([
                ("gesture", .string(failure.name)), ("failed", .string(failure.reason.rawValue)),
            ])))
        }
        let configured = configuredBindings
        let time = now
        let seconds = Double(time.microseconds - origin.microseconds) / 1_000_000
        for (device, entries) in byDevice {
            passthroughDeliveries.removeAll(keepingCapacity: true)
            router.traceSubscribers(of: device, into: &passthroughDeliveries)
            // The line of every entry, made once for the subscriptions that cover them all.
            var whole: ServerMessage.SubscriptionLine?
            for (client, subscription) in passthroughDeliveries {
                guard let connection = clients[client], !connection.closing, let routed = router.subscription(subscription, of: client) else { continue }
                let visible = entries.filter { routed.covers($0.binding, named: $0.name, on: device, configured: configured.contains($0.binding)) }
                guard !visible.isEmpty else { continue }
                let line: ServerMessage.SubscriptionLine
                if visible.count == entries.count {
                    if whole == nil {
                        whole = ServerMessage.traceLine(device: Int64(device.rawValue), time: seconds, timeUs: time.microseconds, entries: entries.map(\.entry))
                    }
                    line = whole!
                } else {
                    line = ServerMessage.traceLine(device: Int64(device.rawValue), time: seconds, timeUs: time.microseconds, entries: visible.map(\.entry))
                }
                send(line, subscription: subscription, to: connection, kind: .other)
            }
        }
    }
}
