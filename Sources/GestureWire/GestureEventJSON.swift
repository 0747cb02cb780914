import GestureCore

/// The JSON form of gesture events, shared by `gesturectl replay --json` and the socket
/// protocol: `gesture`, `instance`, `phase`, `reason`, `time`, `device`, `value`, `state`.
/// Lengths are millimetres rounded to micrometres, times seconds rounded to microseconds,
/// angles radians; points and vectors are `{"x": …, "y": …}`.
public enum GestureEventJSON {
    /// The event as an object; `time` is seconds since `origin`.
    public static func object(_ event: GestureEvent, origin: Timestamp, device: JSONValue? = nil) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("gesture", .string(event.name)),
            ("instance", .int(Int64(event.number))),
            ("phase", .string(event.phase.rawValue)),
        ]
        if let reason = event.reason { pairs.append(("reason", .string(reason.rawValue))) }
        pairs.append(("time", .rounded(event.time - origin, 6)))
        pairs.append(("device", device ?? .int(Int64(event.device.rawValue))))
        if let value = event.value { pairs.append(("value", Self.value(value))) }
        if let state = event.state { pairs.append(("state", Self.value(state))) }
        return .object(pairs)
    }

    /// One JSON line (no newline).
    public static func line(_ event: GestureEvent, origin: Timestamp, device: JSONValue? = nil) -> String {
        object(event, origin: origin, device: device).serialized
    }

    /// A gesture value as an object with a `kind` and its fields.
    public static func value(_ value: GestureValue) -> JSONValue {
        switch value {
        case .tap(let v):
            return .object([("kind", "tap"), ("count", .int(Int64(v.count))), ("fingers", .int(Int64(v.fingers))), ("location", point(v.location))])
        case .spatialTap(let v):
            return .object([("kind", "spatialTap"), ("location", point(v.location)), ("normalizedLocation", unit(v.normalizedLocation))])
        case .longPress(let pressed):
            return .object([("kind", "longPress"), ("pressed", .bool(pressed))])
        case .drag(let v):
            return .object([
                ("kind", "drag"), ("fingers", .int(Int64(v.fingers))), ("location", point(v.location)),
                ("startLocation", point(v.startLocation)), ("translation", vector(v.translation)),
                ("velocity", vector(v.velocity)), ("predictedEndLocation", point(v.predictedEndLocation)),
                ("predictedEndTranslation", vector(v.predictedEndTranslation)),
            ])
        case .magnify(let v):
            return .object([
                ("kind", "magnify"), ("magnification", .rounded(v.magnification, 6)), ("velocity", .rounded(v.velocity, 4)),
                ("startAnchor", unit(v.startAnchor)), ("startLocation", point(v.startLocation)), ("location", point(v.location)),
            ])
        case .rotate(let v):
            return .object([
                ("kind", "rotate"), ("rotation", .rounded(v.rotation, 6)), ("velocity", .rounded(v.velocity, 4)),
                ("startAnchor", unit(v.startAnchor)), ("startLocation", point(v.startLocation)), ("location", point(v.location)),
            ])
        case .swipe(let v):
            return .object([
                ("kind", "swipe"), ("direction", .string(v.direction.rawValue)), ("fingers", .int(Int64(v.fingers))),
                ("distance", .rounded(v.distance, 3)), ("translation", vector(v.translation)), ("velocity", vector(v.velocity)),
            ])
        case .edgeSwipe(let v):
            return .object([
                ("kind", "edgeSwipe"), ("edge", .string(v.edge.rawValue)), ("fingers", .int(Int64(v.fingers))),
                ("distance", .rounded(v.distance, 3)), ("location", point(v.location)), ("translation", vector(v.translation)),
                ("velocity", vector(v.velocity)),
            ])
        case .hold(let v):
            return .object([
                ("kind", "hold"), ("fingers", .int(Int64(v.fingers))), ("duration", .rounded(v.duration, 6)), ("location", point(v.location)),
            ])
        case .stroke(let v):
            return .object([
                ("kind", "stroke"), ("name", .string(v.name)), ("score", .rounded(v.score, 3)), ("fingers", .int(Int64(v.fingers))),
                ("length", .rounded(v.length, 1)), ("duration", .rounded(v.duration, 6)),
            ])
        case .bool(let b): return .bool(b)
        case .number(let n): return .rounded(n, 6)
        case .point(let p): return point(p)
        case .vector(let v): return vector(v)
        case .composite(let c):
            var pairs: [(String, JSONValue)] = [("kind", .string(c.kind.rawValue))]
            pairs.append(("first", c.first.map(Self.value) ?? .null))
            pairs.append(("second", c.second.map(Self.value) ?? .null))
            return .object(pairs)
        }
    }

    static func point(_ p: Point) -> JSONValue { .object([("x", .rounded(p.x, 3)), ("y", .rounded(p.y, 3))]) }
    static func unit(_ p: Point) -> JSONValue { .object([("x", .rounded(p.x, 6)), ("y", .rounded(p.y, 6))]) }
    static func vector(_ v: Vector) -> JSONValue { .object([("x", .rounded(v.dx, 3)), ("y", .rounded(v.dy, 3))]) }
}

extension JSONValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}
