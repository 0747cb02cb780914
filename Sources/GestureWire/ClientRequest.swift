import GestureCore

/// One request from a client, parsed from its JSON line.
public struct ClientRequest: Hashable, Sendable {
    /// What the client asks for.
    public enum Command: Hashable, Sendable {
        /// Receive events of configured gestures and/or gestures defined inline.
        case subscribe(SubscriptionRequest)
        /// Stop a subscription.
        case unsubscribe(subscription: Int64)
        /// Every gesture instance active now, with value and state.
        case snapshot
        /// The devices the daemon uses.
        case devices
        /// Liveness check.
        case ping
        /// Type on the daemon's virtual keyboard and pointer: the steps, in order.
        case keys([KeyStep])
        /// Receive a device's raw evdev events from its next frame on (`recorded` events), with
        /// its description in the reply: what `gesturectl record` writes to a file.
        case record(device: Int64)
        /// Stop receiving a device's raw events.
        case stopRecord(device: Int64)
        /// How the session's screens are turned now: touchscreens that follow theirs turn with it.
        case screens(ScreenReport)
    }

    /// The client's id, echoed in the reply (any JSON value; nil when absent).
    public var id: JSONValue?
    /// The command.
    public var command: Command

    /// Creates a request.
    public init(id: JSONValue?, command: Command) {
        self.id = id
        self.command = command
    }

    /// The request as a client sends it (one JSON object; the line is its `serialized` form).
    public var json: JSONValue {
        var fields: [(String, JSONValue)] = id.map { [("id", $0)] } ?? []
        switch command {
        case .ping: fields.append(("request", "ping"))
        case .devices: fields.append(("request", "devices"))
        case .snapshot: fields.append(("request", "snapshot"))
        case .keys(let steps): fields += [("request", "keys"), ("steps", .array(steps.map(\.json)))]
        case .record(let device): fields += [("request", "record"), ("device", .int(device))]
        case .stopRecord(let device): fields += [("request", "stop-record"), ("device", .int(device))]
        case .screens(let report):
            fields += [("request", "screens"), ("source", .string(report.source)), ("screens", .array(report.screens.map(\.json)))]
        case .unsubscribe(let subscription):
            fields += [("request", "unsubscribe"), ("subscription", .int(subscription))]
        case .subscribe(let request):
            fields.append(("request", "subscribe"))
            if !request.gestures.isEmpty || request.definitions.isEmpty {
                fields.append(("gestures", .array(request.gestures.map(JSONValue.string))))
            }
            if let devices = request.devices { fields.append(("devices", .array(devices.map(JSONValue.int)))) }
            if let phases = request.phases {
                fields.append(("phases", .array(phases.map(\.rawValue).sorted().map(JSONValue.string))))
            }
            if !request.definitions.isEmpty { fields.append(("define", .array(request.definitions))) }
            if !request.strokes.isEmpty { fields.append(("strokes", .array(request.strokes))) }
            if request.touchpadGestures { fields.append(("touchpadGestures", .bool(true))) }
            if request.consume { fields.append(("consume", .bool(true))) }
            if request.touches { fields.append(("touches", .bool(true))) }
            if request.trace { fields.append(("trace", .bool(true))) }
        }
        return .object(fields)
    }
}
