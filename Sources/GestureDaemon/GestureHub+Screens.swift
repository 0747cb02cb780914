import GestureCore
import GesturePipeline
import GestureRouting
import GestureWire

/// Screens that turn: the session in front says how its screens are turned (a `screens`
/// request, sent by the actions runner as the compositor turns them, or by `gesturectl
/// screen`), and the touchscreens configured to follow theirs turn with them at once, their
/// gestures in flight failing with `rotated`. Only a client that sees a seat (its user is in
/// front of it: as for keys) speaks for that seat's touchscreens; the last report of each seat
/// is kept for devices plugged in later and for reloads.
extension GestureHub {
    /// A `screens` request.
    func followScreens(_ report: ScreenReport, id: JSONValue?, from client: HubClient) {
        let seats = router.client(client.routerID)?.seats ?? .none
        guard !seats.isEmpty else {
            send(ServerMessage.error(id: id, ProtocolError(
                .forbidden, "only the user in front of a seat says how its screens are turned, and this connection's user is not now")), to: client)
            return
        }
        var spoken = Set(router.deviceSeats.values.filter { seats.contains($0) })
        if seats.contains(Self.defaultSeat) { spoken.insert(Self.defaultSeat) }
        for seat in spoken { screenReports[seat] = report }
        let ids = router.devices(visibleTo: seats)
        let (following, turned) = pipeline.follow(report, devices: ids, at: now) { route($0) }
        for device in turned {
            guard let configured = devices[device] else { continue }
            logger.info("\(configured.description.name): turned \(configured.rotation.rawValue)° clockwise: \(report.source) says \(configured.setBy?.output ?? "its screen") is (client \(client.label))")
            announceChange(of: device)
        }
        send(ServerMessage.ok(id: id, [
            ("following", .array(following.map { .int(Int64($0.rawValue)) })),
            ("turned", .array(turned.map { .int(Int64($0.rawValue)) })),
        ]), to: client)
        flushAll()
        scheduleDeadline()
    }

    /// Tells every client that sees `device` how it is described now (`device-changed`).
    func announceChange(of device: DeviceID) {
        let seat = router.seat(of: device)
        let message = ServerMessage.deviceChanged(deviceJSON(device))
        for (routerID, connection) in clients where router.client(routerID)?.seats.contains(seat) == true {
            send(message, to: connection)
        }
    }
}
