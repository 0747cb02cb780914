import GestureCore

/// The event's members written straight into bytes (``JSONWriter``), for the socket's gesture
/// lines: the same text as ``GestureEventJSON/object(_:origin:device:)`` serialised, member for
/// member (JSONWriterTests compares them for every kind of value).
extension GestureEventJSON {
    /// The members of ``object(_:origin:device:)``, without braces: `"gesture":…,"state":…`.
    public static func writeMembers(_ event: GestureEvent, origin: Timestamp, into out: inout JSONWriter) {
        out.raw(#""gesture":"#)
        out.string(event.name)
        out.raw(#","instance":"#)
        out.int(Int64(event.number))
        out.raw(#","phase":"#)
        out.string(event.phase.rawValue)
        if let reason = event.reason {
            out.raw(#","reason":"#)
            out.string(reason.rawValue)
        }
        out.raw(#","time":"#)
        out.rounded(event.time - origin, 6)
        out.raw(#","device":"#)
        out.int(Int64(event.device.rawValue))
        if let value = event.value {
            out.raw(#","value":"#)
            write(value, into: &out)
        }
        if let state = event.state {
            out.raw(#","state":"#)
            write(state, into: &out)
        }
    }

    /// A gesture value, as ``value(_:)`` serialised.
    public static func write(_ value: GestureValue, into out: inout JSONWriter) {
        switch value {
        case .tap(let v):
            out.raw(#"{"kind":"tap","count":"#)
            out.int(Int64(v.count))
            out.raw(#","fingers":"#)
            out.int(Int64(v.fingers))
            out.raw(#","location":"#)
            point(v.location, into: &out)
        case .spatialTap(let v):
            out.raw(#"{"kind":"spatialTap","location":"#)
            point(v.location, into: &out)
            out.raw(#","normalizedLocation":"#)
            unit(v.normalizedLocation, into: &out)
        case .longPress(let pressed):
            out.raw(#"{"kind":"longPress","pressed":"#)
            out.bool(pressed)
        case .drag(let v):
            out.raw(#"{"kind":"drag","fingers":"#)
            out.int(Int64(v.fingers))
            out.raw(#","location":"#)
            point(v.location, into: &out)
            out.raw(#","startLocation":"#)
            point(v.startLocation, into: &out)
            out.raw(#","translation":"#)
            vector(v.translation, into: &out)
            out.raw(#","velocity":"#)
            vector(v.velocity, into: &out)
            out.raw(#","predictedEndLocation":"#)
            point(v.predictedEndLocation, into: &out)
            out.raw(#","predictedEndTranslation":"#)
            vector(v.predictedEndTranslation, into: &out)
        case .magnify(let v):
            out.raw(#"{"kind":"magnify","magnification":"#)
            out.rounded(v.magnification, 6)
            anchored(velocity: v.velocity, v.startAnchor, v.startLocation, v.location, into: &out)
        case .rotate(let v):
            out.raw(#"{"kind":"rotate","rotation":"#)
            out.rounded(v.rotation, 6)
            anchored(velocity: v.velocity, v.startAnchor, v.startLocation, v.location, into: &out)
        case .swipe(let v):
            out.raw(#"{"kind":"swipe","direction":"#)
            out.string(v.direction.rawValue)
            out.raw(#","fingers":"#)
            out.int(Int64(v.fingers))
            out.raw(#","distance":"#)
            out.rounded(v.distance, 3)
            out.raw(#","translation":"#)
            vector(v.translation, into: &out)
            out.raw(#","velocity":"#)
            vector(v.velocity, into: &out)
        case .edgeSwipe(let v):
            out.raw(#"{"kind":"edgeSwipe","edge":"#)
            out.string(v.edge.rawValue)
            out.raw(#","fingers":"#)
            out.int(Int64(v.fingers))
            out.raw(#","distance":"#)
            out.rounded(v.distance, 3)
            out.raw(#","location":"#)
            point(v.location, into: &out)
            out.raw(#","translation":"#)
            vector(v.translation, into: &out)
            out.raw(#","velocity":"#)
            vector(v.velocity, into: &out)
        case .hold(let v):
            out.raw(#"{"kind":"hold","fingers":"#)
            out.int(Int64(v.fingers))
            out.raw(#","duration":"#)
            out.rounded(v.duration, 6)
            out.raw(#","location":"#)
            point(v.location, into: &out)
        case .stroke(let v):
            out.raw(#"{"kind":"stroke","name":"#)
            out.string(v.name)
            out.raw(#","score":"#)
            out.rounded(v.score, 3)
            out.raw(#","fingers":"#)
            out.int(Int64(v.fingers))
            out.raw(#","length":"#)
            out.rounded(v.length, 1)
            out.raw(#","duration":"#)
            out.rounded(v.duration, 6)
        case .bool(let b):
            out.bool(b)
            return
        case .number(let n):
            out.rounded(n, 6)
            return
        case .point(let p):
            point(p, into: &out)
            return
        case .vector(let v):
            vector(v, into: &out)
            return
        case .composite(let c):
            out.raw(#"{"kind":"#)
            out.string(c.kind.rawValue)
            out.raw(#","first":"#)
            if let first = c.first { write(first, into: &out) } else { out.raw("null") }
            out.raw(#","second":"#)
            if let second = c.second { write(second, into: &out) } else { out.raw("null") }
        }
        out.raw("}")
    }

    /// The members magnify and rotate share after their own: velocity, anchor, locations.
    static func anchored(velocity: Double, _ startAnchor: Point, _ startLocation: Point, _ location: Point, into out: inout JSONWriter) {
        out.raw(#","velocity":"#)
        out.rounded(velocity, 4)
        out.raw(#","startAnchor":"#)
        unit(startAnchor, into: &out)
        out.raw(#","startLocation":"#)
        point(startLocation, into: &out)
        out.raw(#","location":"#)
        point(location, into: &out)
    }

    static func point(_ p: Point, into out: inout JSONWriter) { pair(p.x, p.y, 3, into: &out) }
    static func unit(_ p: Point, into out: inout JSONWriter) { pair(p.x, p.y, 6, into: &out) }
    static func vector(_ v: Vector, into out: inout JSONWriter) { pair(v.dx, v.dy, 3, into: &out) }

    static func pair(_ x: Double, _ y: Double, _ places: Int, into out: inout JSONWriter) {
        out.raw(#"{"x":"#)
        out.rounded(x, places)
        out.raw(#","y":"#)
        out.rounded(y, places)
        out.raw("}")
    }
}
