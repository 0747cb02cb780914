import GestureWire

/// What a ``GestureClient`` reports, in the order it happened.
public enum ClientEvent: Sendable, Equatable {
    /// Connected (again): the daemon's hello. Subscriptions are being (re)made.
    case connected(ServerHello)
    /// A gesture event of one of this client's subscriptions.
    case gesture(GestureUpdate)
    /// One of libinput's own touchpad gestures (subscriptions with `touchpadGestures`): the event.
    case touchpadGesture(JSONValue)
    /// A frame of touches as the engine sees them (subscriptions with `touches`): the event.
    case touches(JSONValue)
    /// A device appeared: the device, as `devices` describes it.
    case deviceAdded(JSONValue)
    /// A device is described anew: turned with the screen it follows (its gestures in flight
    /// have failed with `rotated`): the device, as `devices` describes it now.
    case deviceChanged(JSONValue)
    /// A device went away (its gestures have failed with `deviceRemoved`).
    case deviceRemoved(Int64)
    /// The daemon reloaded its configuration: the `config-reloaded` event.
    case configReloaded(JSONValue)
    /// This client fell too far behind and is being disconnected: the `overflow` event.
    case overflow(JSONValue)
    /// The user's session is no longer the active one on the seat: gestures in flight have
    /// failed with `sessionInactive`, and none come until ``resumed(devices:)``.
    case paused(reason: String, message: String)
    /// The session is active again: the devices seen now; instances in flight follow as snapshots.
    case resumed(devices: [JSONValue])
    /// The daemon reported a problem: an `error` event.
    case serverError(code: String, message: String)
    /// The daemon refused a subscription (its reply's error): nothing comes for it.
    case subscriptionRefused(SubscriptionHandle, code: String, message: String)
    /// The connection ended (or could not be made). Every gesture told about is over; with
    /// reconnection on, the client keeps trying.
    case disconnected(reason: String)
    /// An event this library does not know (newer daemons may send more).
    case other(JSONValue)

    /// The event as a JSON line would carry it: the daemon's own object where there is one;
    /// `disconnected` (which the client notices itself) as `{"event": "disconnected", …}`.
    public var json: JSONValue {
        switch self {
        case .connected(let hello): hello.json
        case .gesture(let update): update.json
        case .touchpadGesture(let value), .touches(let value), .configReloaded(let value), .overflow(let value), .other(let value): value
        case .deviceAdded(let device): ServerMessage.deviceAdded(device)
        case .deviceChanged(let device): ServerMessage.deviceChanged(device)
        case .deviceRemoved(let id): ServerMessage.deviceRemoved(id: id)
        case .serverError(let code, let message), .subscriptionRefused(_, let code, let message): ServerMessage.errorEvent(code: code, message)
        case .paused(let reason, let message): ServerMessage.paused(reason: reason, message: message)
        case .resumed(let devices): ServerMessage.resumed(devices: devices)
        case .disconnected(let reason): .object([("event", "disconnected"), ("reason", .string(reason))])
        }
    }
}
