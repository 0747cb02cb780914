import Evdev
import GesturePipeline
import GestureRouting
import GestureWire
import NIOCore

/// Keys: clients type on the daemon's virtual keyboard. Only a client whose user is in front of
/// seat0 (where udev puts the virtual keyboard) may type, and what a client holds comes up when
/// it disconnects, is paused or refused, and when the daemon reloads or stops (``KeyLedger``
/// decides; this writes). Logs say which client typed, never which keys.
extension GestureHub {
    /// A `keys` request.
    func typeKeys(_ steps: [KeyStep], id: JSONValue?, from client: HubClient) {
        guard mayType(client, id: id) else { return }
        let output: any KeyOutput
        switch keyboardReady() {
        case .failure(let error):
            send(ServerMessage.error(id: id, error), to: client)
            return
        case .success(let ready):
            output = ready
        }
        // A keyboard just made is not read by anyone yet: what is typed waits until readers
        // (udev, then the compositor's libinput) have had time to open it, in order.
        if keyboardSettling {
            pendingKeys.append((client.routerID, steps, id))
            return
        }
        type(steps, id: id, from: client, on: output)
    }

    /// Whether `client` may type now: it sees seat0, where the virtual keyboard is. When not,
    /// it is told so (`forbidden`).
    func mayType(_ client: HubClient, id: JSONValue?) -> Bool {
        guard router.client(client.routerID)?.seats.contains(Self.defaultSeat) != true else { return true }
        send(ServerMessage.error(id: id, ProtocolError(
            .forbidden, "keys are typed only for the user in front of \(Self.defaultSeat), and this connection's user is not now")), to: client)
        return false
    }

    /// Types now: the ledger decides, the keyboard writes, the client is answered.
    func type(_ steps: [KeyStep], id: JSONValue?, from client: HubClient, on output: any KeyOutput) {
        switch keys.apply(steps, for: client.routerID, at: keyClock()) {
        case .failure(let error):
            send(ServerMessage.error(id: id, error), to: client)
        case .success(let emissions):
            if !client.typed {
                client.typed = true
                logger.info("client \(client.label) types on the virtual keyboard")
            }
            do {
                if !emissions.isEmpty { try output.write(emissions) }
            } catch {
                logger.warning("virtual keyboard: \(error)")
                send(ServerMessage.error(id: id, ProtocolError(.keysUnavailable, "the virtual keyboard failed: \(error)")), to: client)
                return
            }
            let held = (keys.held[client.routerID] ?? []).map { JSONValue.int(Int64($0)) }
            send(ServerMessage.ok(id: id, [("held", .array(held))]), to: client)
        }
    }

    /// The virtual keyboard, made the first time a client types.
    func keyboardReady() -> Result<any KeyOutput, ProtocolError> {
        if let keyboard { return .success(keyboard) }
        guard let makeKeyboard else {
            return .failure(ProtocolError(.keysUnavailable, "this daemon has no virtual keyboard (it replays a recording, or was started with --no-virtual-keyboard)"))
        }
        do {
            let made = try makeKeyboard()
            keyboard = made
            keyboardProblem = nil
            logger.info("virtual keyboard made for the first client that types")
            if keyboardSettle > .zero {
                keyboardSettling = true
                loop.scheduleTask(in: keyboardSettle) { [weak self] in self?.keyboardSettled() }
            }
            return .success(made)
        } catch {
            let problem = "\(error)"
            if keyboardProblem != problem {
                keyboardProblem = problem
                logger.warning("no virtual keyboard, so no client can type: \(problem)")
            }
            return .failure(ProtocolError(.keysUnavailable, "no virtual keyboard: \(problem)"))
        }
    }

    /// The new keyboard has had time to be opened: what waited is typed, in order, for the
    /// clients still connected and still in front.
    func keyboardSettled() {
        keyboardSettling = false
        let waiting = pendingKeys
        pendingKeys = []
        for (routerID, steps, id) in waiting {
            guard let client = clients[routerID], !client.closing else { continue }
            if mayType(client, id: id), let keyboard { type(steps, id: id, from: client, on: keyboard) }
        }
        flushAll()
    }

    /// What `client` holds comes up (it disconnected, or no longer sees seat0).
    func releaseKeys(of client: Int, why: String) {
        write(keys.releaseAll(of: client), why: why)
    }

    /// Every key held comes up (reload, stop).
    func releaseAllKeys(why: String) {
        write(keys.releaseEveryone(), why: why)
    }

    func write(_ emissions: [KeyEmission], why: String) {
        guard !emissions.isEmpty, let keyboard else { return }
        let count = emissions.filter { if case .key = $0 { true } else { false } }.count
        logger.info("released \(count) key(s) held: \(why)")
        do {
            try keyboard.write(emissions)
        } catch {
            logger.warning("virtual keyboard: \(error)")
        }
    }
}
