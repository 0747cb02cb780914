import GestureCore
import GesturePipeline
import GestureWire

/// A replay as the view's page scrubs it: the surfaces, every frame of touches as the engine
/// saw it, and every gesture event with its exact `gesturectl replay --json` line and its
/// `--text` line. The page shows, at any time, the frames and events up to that time, so its
/// event list is the replay's output cut at that time, byte for byte.
///
/// `trace` holds what no event says: each arena decision (`arena`: `joined`, `accepted` or
/// `rejected`, for a `touch`) and each instance that failed before it was announced (`failed`
/// with its reason) — why a gesture did not fire. `palms` holds the touches a touchpad's rules
/// left out (`why`: `palm (edge)`, `thumb`, …) at every frame while any is down, and an empty list
/// once none is.
///
/// ```json
/// {"files": ["pinch.yml"], "surfaces": [{"device": 1, "name": "…", "width": 120, "height": 80}],
///  "gestures": ["pinch"], "duration": 1.2, "warnings": [],
///  "frames": [{"device": 1, "time": 0.0, "contacts": [{"id": 0, "x": 1.5, "y": 2, "phase": "began"}]}],
///  "events": [{"time": 0.1, "json": "{\"gesture\":…}", "text": "   0.100s  dev1  …"}],
///  "trace": [{"time": 0.0, "gesture": "pinch", "arena": "joined", "touch": 1},
///            {"time": 0.1, "gesture": "swipe-left-3", "device": 1, "failed": "fingerCountChanged"}]}
/// ```
public enum ViewReplayDocument {
    /// Runs `session` (the replay of `files`) to its end and describes it.
    public static func make(_ session: ReplaySession, files: [String]) -> JSONValue {
        var events: [JSONValue] = []
        var trace: [JSONValue] = []
        var last: Seconds = 0
        let engine = session.engine
        engine.recordsArenaDecisions = true
        engine.recordsUnseenFailures = true
        func drain(_ time: Timestamp) {
            let at = JSONValue.rounded(time - session.origin, 6)
            for record in engine.arenaLog {
                // As the daemon's `trace` says them: joined, accepted, rejected, by contact id.
                guard let binding = record.binding, record.kind != .closed, record.kind != .claimed else { continue }
                trace.append(.object([
                    ("time", at), ("gesture", .string(engine.name(of: binding) ?? "?")), ("arena", .string(record.kind.rawValue)),
                    ("touch", .int(Int64(record.contact))),
                ]))
            }
            for failure in engine.unseenFailures {
                trace.append(.object([
                    ("time", .rounded(failure.time - session.origin, 6)), ("gesture", .string(failure.name)),
                    ("device", .int(Int64(failure.device.rawValue))), ("failed", .string(failure.reason.rawValue)),
                ]))
            }
            engine.clearArenaLog()
            engine.clearUnseenFailures()
        }
        session.run(afterRound: drain) { event in
            let object = GestureEventJSON.object(event, origin: session.origin)
            last = max(last, event.time - session.origin)
            events.append(.object([
                ("time", object["time"] ?? .int(0)), ("json", .string(object.serialized)), ("text", .string(GestureEventText.line(object))),
            ]))
        }
        let frames = session.framesAsSeen.map { frame -> JSONValue in
            last = max(last, frame.time - session.origin)
            return .object([
                ("device", .int(Int64(frame.device.rawValue))), ("time", .rounded(frame.time - session.origin, 6)),
                ("contacts", .array(frame.contacts.map(ServerMessage.contact))),
            ])
        }
        let palms = session.leftOutAsSeen.map { entry -> JSONValue in
            .object([
                ("device", .int(Int64(entry.device.rawValue))), ("time", .rounded(entry.time - session.origin, 6)),
                ("contacts", .array(zip(entry.contacts, entry.reasons).map { contact, reason in
                    .object([("id", .int(Int64(contact.id))), ("x", .rounded(contact.position.x, 3)), ("y", .rounded(contact.position.y, 3)), ("why", .string(reason))])
                })),
            ])
        }
        let surfaces = session.surfaces.map { surface -> JSONValue in
            .object([
                ("device", .int(Int64(surface.device.rawValue))), ("name", .string(surface.name)),
                ("width", .rounded(surface.size.width, 3)), ("height", .rounded(surface.size.height, 3)),
            ])
        }
        return .object([
            ("files", .array(files.map(JSONValue.string))), ("surfaces", .array(surfaces)),
            ("gestures", .array(session.gestures.map(JSONValue.string))), ("duration", .rounded(last, 6)),
            ("warnings", .array(session.clamps.map { .string($0.message) })),
            ("frames", .array(frames)), ("events", .array(events)), ("trace", .array(trace)), ("palms", .array(palms)),
        ])
    }
}
