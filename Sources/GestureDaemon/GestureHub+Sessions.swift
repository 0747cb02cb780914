import GestureCore
import GesturePipeline
import GestureWire
import NIOCore

/// Sessions: only the user in front of a seat (and root) receives its touches. When the active
/// session changes, a client that no longer sees a seat has its instances there fail with
/// `sessionInactive` and, when it sees nothing at all, is told it is paused; when it sees them
/// again it is told it resumed, and what is in flight there follows as after `subscribe`.
extension GestureHub {
    /// Who is in front of each seat, at the start and whenever logind's state changes: from
    /// the first call on, clients are judged by it; clients that lost a seat are paused there,
    /// those that gained one resume there.
    public func sessionsChanged(_ state: SeatSessions) {
        loop.preconditionInEventLoop()
        guard sessions != state else { return }
        sessions = state
        applyAccess()
    }

    /// Judges every client again (after a session change or a reload) and moves each to the
    /// seats it may see now.
    func applyAccess() {
        for client in clients.values.sorted(by: { $0.id < $1.id }) where !client.closing {
            let decision = decide(client.peer)
            let seats = decision.seats
            guard seats != client.seats else { continue }
            let old = client.seats
            let lost = deviceSeats.keys.sorted().filter { old.contains(deviceSeats[$0]!) && !seats.contains(deviceSeats[$0]!) }
            let gained = deviceSeats.keys.sorted().filter { !old.contains(deviceSeats[$0]!) && seats.contains(deviceSeats[$0]!) }
            // Endings first, while the client still sees the devices they are on.
            withhold(client, on: Set(lost))
            client.seats = seats
            switch (old.isEmpty, seats.isEmpty) {
            case (false, true):
                let why: String
                switch decision {
                case .inactive(let text), .refused(let text): why = text
                case .serve: why = ""
                }
                logger.info("client \(client.peer.map(\.description) ?? "with unknown credentials") paused: \(why)")
                send(ServerMessage.paused(reason: FailureReason.sessionInactive.rawValue, message: why), to: client)
            case (true, false):
                logger.info("client \(client.peer.map(\.description) ?? "with unknown credentials") resumed, seeing \(seats)")
                send(ServerMessage.resumed(devices: devicesJSON(seats)), to: client)
            default:
                for id in lost { send(ServerMessage.deviceRemoved(id: Int64(id.rawValue)), to: client) }
                for id in gained { send(ServerMessage.deviceAdded(deviceJSON(id)), to: client) }
            }
            guard !gained.isEmpty else { continue }
            // What ended while it was paused never reached it: only live instances stay withheld.
            let live = Set(engine.activeInstances(at: now).map(\.instance))
            for subscription in client.subscriptions.values.sorted(by: { $0.id < $1.id }) {
                subscription.withheld.formIntersection(live)
                for id in gained { attachDefinitions(subscription, to: id) }
                sendSnapshot(subscription, to: client, only: Set(gained))
            }
        }
        flushAll()
        scheduleDeadline()
    }

    /// Ends, for `client`, everything it was told about on `lost` devices: its own gestures
    /// there are detached (they fail for real, so a shield of its stops blocking others), and
    /// configured instances fail for it alone and stay withheld until the engine ends them.
    func withhold(_ client: HubClient, on lost: Set<DeviceID>) {
        guard !lost.isEmpty else { return }
        for subscription in client.subscriptions.values.sorted(by: { $0.id < $1.id }) {
            for id in lost.sorted() {
                for binding in (subscription.attached.removeValue(forKey: id) ?? []).sorted() {
                    subscription.owned.remove(binding)
                    route(engine.detach(binding, reason: .sessionInactive, at: now).events)
                }
            }
            for (instance, last) in subscription.told.sorted(by: { $0.key < $1.key }) where lost.contains(last.device) {
                end(last, for: subscription, of: client, reason: .sessionInactive)
                subscription.withheld.insert(instance)
            }
        }
    }

    /// Sends `failed(reason)` for an instance that ends for this subscription only (the engine
    /// may run it on for others), its state reset as in any failure, and forgets it was told.
    func end(_ last: GestureEvent, for subscription: HubSubscription, of client: HubClient, reason: FailureReason) {
        var ending = last
        ending.time = now
        ending.phase = .failed
        ending.reason = reason
        ending.value = nil
        if ending.state != nil { ending.state = engine.initialState(of: last.binding) }
        subscription.told[last.instance] = nil
        send(ServerMessage.gesture(ending, sequence: sequence, subscription: subscription.id, origin: origin), to: client)
    }
}
