import Evdev
import GestureCore
import GesturePipeline
import GestureWire

/// `record`: a device's raw evdev events for a client that records a fixture (`gesturectl
/// record`), from its next whole frame on, while the client is served and in front of the
/// device's seat — touches reveal what is typed on a touchscreen, raw events more so
/// (docs/SECURITY.md). The input source hands the events over (``recorded(_:_:)``) only while
/// someone records, and says which devices it can record (``HubInput/recordable(_:)``).
extension GestureHub {
    func startRecording(_ device: Int64, id: JSONValue?, from client: HubClient) {
        let key = DeviceID(UInt32(clamping: max(0, device)))
        guard let configured = devices[key], device >= 0, router.knows(key) else {
            send(ServerMessage.error(id: id, ProtocolError(.invalidRequest, "no device \(device); gesturectl devices lists them")), to: client)
            return
        }
        guard router.client(client.routerID)?.seats.contains(router.seat(of: key)) == true else {
            send(ServerMessage.error(id: id, ProtocolError(
                .forbidden, "a device is recorded only for the user in front of its seat (\(router.seat(of: key))), and this connection's user is not now")),
                to: client)
            return
        }
        guard let udev = input?.recordable(key) else {
            send(ServerMessage.error(id: id, ProtocolError(
                .invalidRequest, "\(configured.description.name) is read through libinput, which gives no raw events to record")), to: client)
            return
        }
        let first = recorders[key] == nil
        recorders[key, default: [:]][client.routerID] = false
        if first { input?.recordingChanged(key, on: true) }
        send(ServerMessage.ok(id: id, [("device", DeviceDescriptionJSON.object(configured.description, udev: udev))]), to: client)
        // A replay waiting for its subscribers counts a recording as one (after the reply: it
        // may start at once).
        subscriptionsChanged()
    }

    func stopRecording(_ device: Int64, id: JSONValue?, from client: HubClient) {
        let key = DeviceID(UInt32(clamping: max(0, device)))
        guard device >= 0, recorders[key]?.removeValue(forKey: client.routerID) != nil else {
            send(ServerMessage.error(id: id, ProtocolError(.invalidRequest, "device \(device) is not being recorded on this connection")), to: client)
            return
        }
        if recorders[key]?.isEmpty == true {
            recorders[key] = nil
            input?.recordingChanged(key, on: false)
        }
        send(ServerMessage.ok(id: id), to: client)
        subscriptionsChanged()
    }

    /// Forgets what a client or a device recorded.
    func forgetRecordings(client: Int? = nil, device: DeviceID? = nil) {
        if let device, recorders.removeValue(forKey: device) != nil { input?.recordingChanged(device, on: false) }
        if let client {
            for key in Array(recorders.keys) {
                recorders[key]?[client] = nil
                if recorders[key]?.isEmpty == true {
                    recorders[key] = nil
                    input?.recordingChanged(key, on: false)
                }
            }
        }
    }

    /// Whether anyone records `device` (the input source asks before it copies events).
    public func isRecording(_ device: DeviceID) -> Bool {
        recorders[device] != nil
    }

    /// Raw events of `device`, in order, as the input source read them (`startsFrame`: the
    /// first is a frame's first, not the middle of one): to each client that records it, from
    /// its first whole frame on, while it is in front of the device's seat.
    public func recorded(_ device: DeviceID, _ events: some Collection<InputEvent>, startsFrame: Bool) {
        loop.preconditionInEventLoop()
        guard let clientsRecording = recorders[device], !events.isEmpty else { return }
        let seat = router.seat(of: device)
        for (id, aligned) in clientsRecording {
            guard let connection = clients[id], router.client(id)?.seats.contains(seat) == true else { continue }
            var start = events.startIndex
            if !aligned && startsFrame {
                recorders[device]?[id] = true
            } else if !aligned {
                guard let report = events.firstIndex(where: { $0.type == EventCode.EV_SYN && $0.code == EventCode.SYN_REPORT }) else { continue }
                start = events.index(after: report)
                recorders[device]?[id] = true
            }
            guard start != events.endIndex else { continue }
            let batch = events[start...].map { event in
                (sec: event.time.microseconds / 1_000_000, usec: event.time.microseconds % 1_000_000, type: event.type, code: event.code, value: event.value)
            }
            send(ServerMessage.recorded(device: Int64(device.rawValue), events: batch), to: connection)
        }
        flushAll()
    }
}
