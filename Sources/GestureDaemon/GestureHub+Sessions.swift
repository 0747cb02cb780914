import GestureCore
import GesturePipeline
import GestureRouting
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
        router.sessions = state
        applyAccess()
    }

    /// Judges every client again (after a session change or a reload) and moves each to the
    /// seats it may see now.
    func applyAccess() {
        for change in router.seatChanges() {
            guard let client = clients[change.client], !client.closing else { continue }
            // Endings first, while the client still sees the devices they are on.
            let withholding = router.withhold(change.client, on: Set(change.lost))
            for binding in withholding.detach { route(engine.detach(binding, reason: .sessionInactive, at: now).events) }
            for (subscription, last) in withholding.endings { end(last, for: subscription, of: client, reason: .sessionInactive) }
            router.move(change.client, to: change.new, live: Set(engine.activeInstances(at: now).map(\.instance)))
            if change.old.contains(Self.defaultSeat) && !change.new.contains(Self.defaultSeat) {
                releaseKeys(of: change.client, why: "its client's user is no longer in front of \(Self.defaultSeat)")
            }
            if change.pauses {
                let why: String
                switch change.decision {
                case .inactive(let text), .refused(let text): why = text
                case .serve: why = ""
                }
                logger.info("client \(client.label) paused: \(why)")
                send(ServerMessage.paused(reason: FailureReason.sessionInactive.rawValue, message: why), to: client)
            } else if change.resumes {
                logger.info("client \(client.label) resumed, seeing \(change.new)")
                send(ServerMessage.resumed(devices: devicesJSON(change.new)), to: client)
            } else {
                for id in change.lost { send(ServerMessage.deviceRemoved(id: Int64(id.rawValue)), to: client) }
                for id in change.gained { send(ServerMessage.deviceAdded(deviceJSON(id)), to: client) }
            }
            guard !change.gained.isEmpty else { continue }
            for subscription in router.client(change.client)!.subscriptions.map(\.id) {
                for id in change.gained { attachDefinitions(subscription, of: change.client, to: id) }
                sendSnapshot(subscription, to: client, only: Set(change.gained))
            }
        }
        flushAll()
        scheduleDeadline()
        refreshConsumption()
    }

    /// Sends `failed(reason)` for an instance that ends for this subscription only (the engine
    /// may run it on for others), its state reset as in any failure.
    func end(_ last: GestureEvent, for subscription: Int64, of client: HubClient, reason: FailureReason) {
        var ending = last
        ending.time = now
        ending.phase = .failed
        ending.reason = reason
        ending.value = nil
        if ending.state != nil { ending.state = engine.initialState(of: last.binding) }
        send(ServerMessage.gesture(ending, sequence: router.takeSequence(), subscription: subscription, origin: origin), to: client)
    }
}
