import GestureCore
import NIOCore

/// The messages a server sends, one JSON object per line: `hello`, replies, and events.
public enum ServerMessage {
    /// The protocol version; a breaking change bumps it. Readers ignore keys they do not know.
    public static let protocolVersion: Int64 = 1

    /// The first message on every connection: what the daemon offers, its devices and the
    /// names of its configured gestures.
    public static func hello(serverVersion: String, capabilities: [String], devices: [JSONValue], gestures: [String] = []) -> JSONValue {
        .object([
            ("event", "hello"), ("protocol", .int(protocolVersion)), ("server", .string(serverVersion)),
            ("capabilities", .array(capabilities.map(JSONValue.string))), ("devices", .array(devices)),
            ("gestures", .array(gestures.map(JSONValue.string))),
        ])
    }

    /// A successful reply to the request with `id`, with extra fields.
    public static func ok(id: JSONValue?, _ fields: [(String, JSONValue)] = []) -> JSONValue {
        .object([("id", id ?? .null), ("ok", .bool(true))] + fields)
    }

    /// A failed reply to the request with `id`.
    public static func error(id: JSONValue?, _ error: ProtocolError) -> JSONValue {
        .object([("id", id ?? .null), ("error", .object([("code", .string(error.code.rawValue)), ("message", .string(error.message))]))])
    }

    /// A gesture event for one subscription: the fields of `gesturectl replay --json` (with
    /// `time` in seconds since `origin`), plus `event`, `seq`, `subscription` and `timeUs`
    /// (the event's monotonic timestamp in microseconds).
    public static func gesture(_ event: GestureEvent, sequence: UInt64, subscription: Int64, origin: Timestamp) -> JSONValue {
        .object(
            [("event", "gesture"), ("seq", .int(Int64(sequence))), ("subscription", .int(subscription))]
                + gestureFields(event, origin: origin))
    }

    /// The fields of a gesture event after `subscription`.
    static func gestureFields(_ event: GestureEvent, origin: Timestamp) -> [(String, JSONValue)] {
        guard case .object(let fields) = GestureEventJSON.object(event, origin: origin) else { return [] }
        return fields + [("timeUs", .int(event.time.microseconds))]
    }

    /// A message serialised once for every subscription it goes to: only the subscription
    /// number differs between their lines — a gesture event (``gestureLine(_:sequence:origin:extra:)``,
    /// whose text equals ``gesture(_:sequence:subscription:origin:)``'s; `extra` fields go last,
    /// the daemon's `ingressUs`), a frame of touches (``touchesLine(device:time:timeUs:contacts:)``),
    /// a round's trace (``traceLine(device:time:timeUs:entries:)``).
    public struct SubscriptionLine: Sendable {
        /// `{"event":"gesture","seq":N,"subscription":` (up to the subscription's number)
        let head: [UInt8]
        /// From the comma after the subscription to the closing brace.
        let tail: [UInt8]

        /// The line for one subscription (no newline).
        public func line(subscription: Int64) -> String {
            var bytes = head
            bytes += String(subscription).utf8
            bytes += tail
            return String(decoding: bytes, as: UTF8.self)
        }

        /// The line for one subscription and its newline, into `buffer`.
        public func write(subscription: Int64, into buffer: inout ByteBuffer) {
            buffer.writeBytes(head)
            buffer.writeString(String(subscription))
            buffer.writeBytes(tail)
            buffer.writeInteger(UInt8(ascii: "\n"))
        }

        /// The length of a line for a subscription number of up to 20 characters, newline included.
        public var capacity: Int { head.count + tail.count + 21 }
    }

    /// Serialises `event` for ``SubscriptionLine/line(subscription:)``, straight into bytes
    /// (``GestureEventJSON/writeMembers(_:origin:into:)``).
    public static func gestureLine(
        _ event: GestureEvent, sequence: UInt64, origin: Timestamp, extra: [(String, JSONValue)] = []
    ) -> SubscriptionLine {
        var head = JSONWriter(capacity: 64)
        head.raw(#"{"event":"gesture","seq":"#)
        head.int(Int64(sequence))
        head.raw(#","subscription":"#)
        var tail = JSONWriter(capacity: 320)
        tail.raw(",")
        GestureEventJSON.writeMembers(event, origin: origin, into: &tail)
        tail.raw(#","timeUs":"#)
        tail.int(event.time.microseconds)
        writeMembers(extra, into: &tail)
        return SubscriptionLine(head: head.bytes, tail: tail.bytes)
    }

    /// A device appeared.
    public static func deviceAdded(_ device: JSONValue) -> JSONValue {
        .object([("event", "device-added"), ("device", device)])
    }

    /// A device changed how it is described: turned with the screen it follows (its size and
    /// `orientation` are new; its gestures in flight have failed with `rotated`).
    public static func deviceChanged(_ device: JSONValue) -> JSONValue {
        .object([("event", "device-changed"), ("device", device)])
    }

    /// A device went away (its gestures have failed with `deviceRemoved`).
    public static func deviceRemoved(id: Int64) -> JSONValue {
        .object([("event", "device-removed"), ("device", .int(id))])
    }

    /// The client fell too far behind and is being disconnected.
    public static func overflow(queued: Int, limit: Int) -> JSONValue {
        .object([
            ("event", "overflow"), ("queued", .int(Int64(queued))), ("limit", .int(Int64(limit))),
            ("message", .string("you read too slowly: \(queued) messages waiting, limit \(limit); disconnecting")),
        ])
    }

    /// One of libinput's own touchpad gestures, passed through to subscriptions that asked for
    /// them (`touchpadGestures: true`). `stage` is begin, update or end; deltas are libinput's
    /// (unaccelerated millimetre-like units for swipes, `scale` relative to the begin, `angle`
    /// in degrees since the last update).
    public static func touchpadGesture(
        subscription: Int64, device: Int64, time: Double, timeUs: Int64, kind: String, stage: String, fingers: Int,
        dx: Double, dy: Double, scale: Double, angle: Double, cancelled: Bool
    ) -> JSONValue {
        .object([
            ("event", "touchpad-gesture"), ("subscription", .int(subscription)), ("device", .int(device)),
            ("time", .rounded(time, 6)), ("kind", .string(kind)), ("stage", .string(stage)), ("fingers", .int(Int64(fingers))),
            ("dx", .rounded(dx, 3)), ("dy", .rounded(dy, 3)), ("scale", .rounded(scale, 4)), ("angle", .rounded(angle, 3)),
            ("cancelled", .bool(cancelled)), ("timeUs", .int(timeUs)),
        ])
    }

    /// One frame of touches as the engine sees them (turned as configured, in millimetres from
    /// the surface's top-left), to subscriptions that asked for them (`touches: true`): every
    /// contact down, and those that ended or were cancelled in it, with `phase` (began, moved,
    /// stationary, ended, cancelled).
    public static func touches(subscription: Int64, device: Int64, time: Double, timeUs: Int64, contacts: [Contact]) -> JSONValue {
        .object([("event", "touches"), ("subscription", .int(subscription))] + touchesMembers(device: device, time: time, timeUs: timeUs, contacts: contacts))
    }

    /// ``touches(subscription:device:time:timeUs:contacts:)`` serialised once for every
    /// subscription that takes the frame.
    public static func touchesLine(device: Int64, time: Double, timeUs: Int64, contacts: [Contact]) -> SubscriptionLine {
        subscriptionLine(event: "touches", touchesMembers(device: device, time: time, timeUs: timeUs, contacts: contacts))
    }

    static func touchesMembers(device: Int64, time: Double, timeUs: Int64, contacts: [Contact]) -> [(String, JSONValue)] {
        [("device", .int(device)), ("time", .rounded(time, 6)), ("contacts", .array(contacts.map(contact))), ("timeUs", .int(timeUs))]
    }

    /// `{"event":EVENT,"subscription":N,` then `members`, as a line for any subscription.
    static func subscriptionLine(event: String, _ members: [(String, JSONValue)]) -> SubscriptionLine {
        var head = JSONWriter(capacity: 48)
        head.raw(#"{"event":"#)
        head.string(event)
        head.raw(#","subscription":"#)
        var tail = JSONWriter(capacity: 256)
        writeMembers(members, into: &tail)
        return SubscriptionLine(head: head.bytes, tail: tail.bytes)
    }

    /// `,"key":value` for each member, then the object's closing brace.
    static func writeMembers(_ members: [(String, JSONValue)], into writer: inout JSONWriter) {
        for (key, value) in members {
            writer.raw(",")
            writer.string(key)
            writer.raw(":")
            writer.value(value)
        }
        writer.raw("}")
    }

    /// Raw evdev events of a device being recorded (`record`), each `[sec, usec, type, code,
    /// value]` as the kernel stamped it: whole frames, in order.
    public static func recorded(device: Int64, events: [(sec: Int64, usec: Int64, type: UInt16, code: UInt16, value: Int32)]) -> JSONValue {
        .object([
            ("event", "recorded"), ("device", .int(device)),
            ("events", .array(events.map { .array([.int($0.sec), .int($0.usec), .int(Int64($0.type)), .int(Int64($0.code)), .int(Int64($0.value))]) })),
        ])
    }

    /// Why gestures on a device fired or not in one round (to subscriptions with `trace: true`):
    /// each entry a `gesture` with `arena` (`joined`, `accepted`, `rejected`) and the `touch`,
    /// or with `failed` and the reason it failed before any client saw it.
    public static func trace(subscription: Int64, device: Int64, time: Double, timeUs: Int64, entries: [JSONValue]) -> JSONValue {
        .object([("event", "trace"), ("subscription", .int(subscription))] + traceMembers(device: device, time: time, timeUs: timeUs, entries: entries))
    }

    /// ``trace(subscription:device:time:timeUs:entries:)`` serialised once for every
    /// subscription that takes these entries.
    public static func traceLine(device: Int64, time: Double, timeUs: Int64, entries: [JSONValue]) -> SubscriptionLine {
        subscriptionLine(event: "trace", traceMembers(device: device, time: time, timeUs: timeUs, entries: entries))
    }

    static func traceMembers(device: Int64, time: Double, timeUs: Int64, entries: [JSONValue]) -> [(String, JSONValue)] {
        [("device", .int(device)), ("time", .rounded(time, 6)), ("entries", .array(entries)), ("timeUs", .int(timeUs))]
    }

    /// The touches a touchpad's rules leave out now (palms, thumbs; each `id`, `x`, `y` and `why`),
    /// to subscriptions with `touches: true`, whenever they change (an empty list: none any more).
    public static func leftOut(subscription: Int64, device: Int64, time: Double, contacts: [(contact: Contact, reason: String)]) -> JSONValue {
        .object([
            ("event", "left-out"), ("subscription", .int(subscription)), ("device", .int(device)), ("time", .rounded(time, 6)),
            ("contacts", .array(contacts.map { contact, reason in
                .object([
                    ("id", .int(Int64(contact.id))), ("x", .rounded(contact.position.x, 3)), ("y", .rounded(contact.position.y, 3)),
                    ("why", .string(reason)),
                ])
            })),
        ])
    }

    /// On a device whose gestures consume (docs/OWNERSHIP.md): what they say of each touch down
    /// now — `forward` (the desktop sees it), `hold` (kept back until decided), `consume` (the
    /// desktop does not see it) — to subscriptions with `touches: true`, when it changes.
    public static func claims(subscription: Int64, device: Int64, time: Double, claims: [(id: Int32, owner: String)]) -> JSONValue {
        .object([
            ("event", "claims"), ("subscription", .int(subscription)), ("device", .int(device)), ("time", .rounded(time, 6)),
            ("contacts", .array(claims.map { .object([("id", .int(Int64($0.id))), ("owner", .string($0.owner))]) })),
        ])
    }

    /// One contact of a `touches` frame: `id`, `x`, `y` (millimetres, to micrometres) and `phase`.
    public static func contact(_ contact: Contact) -> JSONValue {
        .object([
            ("id", .int(Int64(contact.id))), ("x", .rounded(contact.position.x, 3)), ("y", .rounded(contact.position.y, 3)),
            ("phase", .string(String(describing: contact.phase))),
        ])
    }

    /// The configuration was reloaded (SIGHUP): the gestures configured now. Instances of
    /// changed or removed gestures have already failed with `reconfigured`.
    public static func configReloaded(gestures: [String], kept: [String]) -> JSONValue {
        .object([
            ("event", "config-reloaded"), ("gestures", .array(gestures.map(JSONValue.string))),
            ("unchanged", .array(kept.map(JSONValue.string))),
        ])
    }

    /// The client's user is no longer in front of the seat (another session is active): its
    /// gestures in flight have failed with `sessionInactive`, and nothing more comes until
    /// `resumed`. `reason` is `sessionInactive`; `message` says why, for people.
    public static func paused(reason: String, message: String) -> JSONValue {
        .object([("event", "paused"), ("reason", .string(reason)), ("message", .string(message))])
    }

    /// The client's session is active again: the devices it sees now; the instances in flight
    /// follow, as after `subscribe` (`snapshot: true`).
    public static func resumed(devices: [JSONValue]) -> JSONValue {
        .object([("event", "resumed"), ("devices", .array(devices))])
    }

    /// A problem not tied to a request, with a machine-readable code.
    public static func errorEvent(code: String, _ message: String) -> JSONValue {
        .object([("event", "error"), ("code", .string(code)), ("message", .string(message))])
    }

    /// A device as `hello`, `devices`, `device-added` and `device-changed` describe it
    /// (`orientation`: how it is turned, when it is or follows a screen).
    public static func device(
        id: Int64, name: String, kind: String, width: Double, height: Double, sizeEstimated: Bool, slots: Int, twin: String? = nil,
        orientation: JSONValue? = nil
    ) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("id", .int(id)), ("name", .string(name)), ("kind", .string(kind)),
            ("size", .object([("width", .rounded(width, 1)), ("height", .rounded(height, 1)), ("estimated", .bool(sizeEstimated))])),
            ("slots", .int(Int64(slots))),
        ]
        // Grabbed (a gesture on it consumes): the node the desktop reads instead.
        if let twin { fields.append(("twin", .string(twin))) }
        if let orientation { fields.append(("orientation", orientation)) }
        return .object(fields)
    }
}
