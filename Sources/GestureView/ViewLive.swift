import Evdev
import GestureActions
import GestureClient
import GestureCommandLine
import GestureDesktop
import GesturePipeline
import GestureWire
import Posix

/// `gesturectl view` live: the daemon's events passed to the pages (``ViewMessage``), what the
/// actions file and the tried action would run for each (``ViewTrackers``), and the Record
/// button's recording through the daemon.
public enum ViewLive {
    /// Passes the daemon's events to the pages, with the line `gesturectl subscribe` prints for
    /// each, keeping the greeting (today's hello and devices) for pages opened later.
    public static func follow(
        _ broadcast: ViewBroadcast, socket: String?, link: DaemonLink, recorder: ViewRecorder, desk: ViewActionsDesk?, desktop: (any DesktopProvider)?
    ) async throws {
        let request = SubscriptionRequest(touches: true, trace: true)
        let path = socket ?? SocketPath.resolve() ?? SocketPath.system
        await broadcast.setGreeting([ViewMessage.status("waiting for gestured at \(path)").serialized])
        let (client, hello, events) = try await DaemonConnection.open("view", socket: socket, reconnects: true, subscriptions: [request])
        var iterator = events
        await link.set(client, configured: hello.gestures)
        var lines = EventLines(path: client.path)
        // What gesturectl actions would run for each event (a `when:` judged with the window
        // the desktop says is in front, or none known), and what the action tried in the
        // Actions panel would; both start again when the desk's file or trial changes.
        var trackers = ViewTrackers()
        await trackers.update(from: desk, link: link)
        var greeting = hello.json
        var devices = hello.devices
        func publish(_ event: ClientEvent) async {
            var text = lines.line(event)
            if case .touches = event { text = nil }
            if case .other(let value) = event, ["trace", "left-out", "claims"].contains(value["event"]?.stringValue) { text = nil }
            await broadcast.publish(ViewMessage.event(event.json, text: text).serialized)
        }
        var status = lines.line(.connected(hello)) ?? ""
        await broadcast.setGreeting([ViewMessage.status(status).serialized, ViewMessage.event(greeting, text: nil).serialized])
        // A page opened while the view waited for the daemon is told too (issue 60).
        await broadcast.publish(ViewMessage.status(status).serialized)
        await publish(.connected(hello))
        while let event = await iterator.next() {
            var news = false
            switch event {
            case .connected(let next):
                await link.set(client, configured: next.gestures)
                trackers.generation = -1
                greeting = next.json
                devices = next.devices
                status = lines.line(event) ?? ""
                news = true
            case .deviceAdded(let device), .deviceChanged(let device):
                devices.removeAll { $0["id"] == device["id"] }
                devices.append(device)
            case .deviceRemoved(let id):
                devices.removeAll { $0["id"]?.intValue == id }
            case .serverError(let code, let message) where code == "forbidden", .subscriptionRefused(_, let code, let message) where code == "forbidden":
                await client.close()
                throw DaemonConnection.refused("gesturectl view", message)
            case .disconnected(let reason):
                status = "\(DaemonConnection.absence(client.path, reason)); waiting for it"
                news = true
            case .other(let value) where value["event"]?.stringValue == "recorded":
                // For the Record button, not the page's event list.
                if let device = value["device"]?.intValue { await recorder.take(device, RecordedEventsJSON.events(value)) }
                continue
            default: break
            }
            if case .object(var fields) = greeting, let index = fields.firstIndex(where: { $0.0 == "devices" }) {
                fields[index].1 = .array(devices)
                greeting = .object(fields)
            }
            await broadcast.setGreeting([ViewMessage.status(status).serialized, ViewMessage.event(greeting, text: nil).serialized])
            await publish(event)
            if news { await broadcast.publish(ViewMessage.status(status).serialized) }
            if case .touches(let value) = event, let desk, await desk.recording != nil, let message = await desk.takeStroke(value) {
                await broadcast.publish(message.serialized)
            }
            if case .gesture(let update) = event {
                await trackers.update(from: desk, link: link)
                let focused = desktop?.focused()
                if update.phase == .ended, !update.isSnapshot, let app = focused?.app { await desk?.noteApp(app) }
                let focus: FocusContext = desktop == nil ? .unknown : .window(focused)
                for message in trackers.handle(update, at: MonotonicTime.seconds, focus: focus) { await broadcast.publish(message.serialized) }
            }
            if case .disconnected = event { trackers.reset() }
        }
    }

    /// The Record button: `device` recorded through the daemon for `seconds`, then replayed
    /// for the page, with the file and its transcript to save.
    public static func record(_ device: Int64, seconds: Double, link: DaemonLink, recorder: ViewRecorder, replay: ViewServer.Replay) async throws -> JSONValue {
        guard let client = await link.client else { throw ViewRecordError("not connected to gestured") }
        await recorder.start(device)
        let reply: JSONValue
        do {
            reply = try await client.request(.record(device: device))
        } catch ClientError.rejected(_, let message) {
            _ = await recorder.stop(device)
            throw ViewRecordError(message)
        }
        guard let described = reply["device"].flatMap(DeviceDescriptionJSON.description) else {
            _ = await recorder.stop(device)
            throw ViewRecordError("the daemon's reply has no device description")
        }
        try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
        _ = try? await client.request(.stopRecord(device: device))
        let events = await recorder.stop(device)
        guard events.contains(where: { $0.type == EventCode.EV_SYN && $0.code == EventCode.SYN_REPORT }) else {
            throw ViewRecordError("nothing came from dev\(device) in \(GestureEventText.format(seconds, 1)) s: touch it while it records")
        }
        let name = "dev\(device)-recording.yml"
        let text = RecordingWriter(description: described.description, udev: described.udev, note: "Recorded by gesturectl view from \(described.description.name).")
            .text(events)
        var document = try replay(name, text)
        let transcript = (document["events"]?.arrayValue ?? []).compactMap { $0["json"]?.stringValue }.map { $0 + "\n" }.joined()
        if case .object(var fields) = document {
            fields += [("recording", .string(text)), ("transcript", .string(transcript))]
            document = .object(fields)
        }
        return document
    }

    /// The desktop that says which window is in front, started (nil: none here, or it could
    /// not be reached: said once, and `when:` is then judged with no window known).
    public static func startDesktop() -> (any DesktopProvider)? {
        guard case .success(let provider) = DesktopDetection.provider(ProcessEnvironment.current) else { return nil }
        do {
            try provider.start()
            return provider
        } catch {
            StandardError.line("gesturectl view: \(provider.name): \(error); when: is judged with no window known")
            return nil
        }
    }
}
