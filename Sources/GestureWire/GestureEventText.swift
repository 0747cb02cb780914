import GestureCore

/// The human-readable form of gesture events (gesturectl on a terminal, the demo): one line per
/// event, values compact.
public enum GestureEventText {
    /// `  0.530s  dev1  swipe-left-3 #3  active  left 12.3 mm`; `time` is seconds since `origin`.
    public static func line(_ event: GestureEvent, origin: Timestamp) -> String {
        var line = pad(format(event.time - origin, 3) + "s", 9) + "  dev\(event.device.rawValue)  \(event.name) \(event.instance)  "
        line += event.phase.rawValue
        if let reason = event.reason { line += "(\(reason.rawValue))" }
        if let value = event.value {
            let text = describe(value)
            if !text.isEmpty { line += "  " + text }
        }
        if let state = event.state { line += "  state=" + describe(state) }
        return line
    }

    /// A gesture value in a few words.
    public static func describe(_ value: GestureValue) -> String {
        switch value {
        case .tap(let v): return "\(v.count)× \(v.fingers)-finger tap at \(point(v.location))"
        case .spatialTap(let v): return "tap at \(point(v.location))"
        case .longPress(let pressed): return pressed ? "pressed" : "pressing"
        case .drag(let v): return "translation \(vector(v.translation)) mm, velocity \(vector(v.velocity)) mm/s"
        case .magnify(let v): return "×\(format(v.magnification, 3))"
        case .rotate(let v): return "\(format(v.rotation * 180 / .pi, 1))°"
        case .swipe(let v): return "\(v.direction.rawValue) \(format(v.distance, 1)) mm"
        case .edgeSwipe(let v): return "from \(v.edge.rawValue) \(format(v.distance, 1)) mm"
        case .hold(let v): return "\(v.fingers) fingers for \(format(v.duration, 2)) s"
        case .bool(let b): return "\(b)"
        case .number(let n): return format(n, 3)
        case .point(let p): return point(p)
        case .vector(let v): return vector(v)
        case .composite(let parts):
            switch parts.kind {
            case .simultaneous: return [parts.first, parts.second].compactMap { $0.map(describe) }.joined(separator: ", ")
            case .sequenceFirst, .exclusiveFirst: return parts.first.map(describe) ?? ""
            case .sequenceSecond: return parts.second.map(describe) ?? parts.first.map(describe) ?? ""
            case .exclusiveSecond: return parts.second.map(describe) ?? ""
            }
        }
    }

    static func point(_ p: Point) -> String { "(\(format(p.x, 1)), \(format(p.y, 1)))" }
    static func vector(_ v: Vector) -> String { "(\(format(v.dx, 1)), \(format(v.dy, 1)))" }

    /// Fixed decimals without Foundation.
    public static func format(_ value: Double, _ places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int64(scaled / scale)
        var fraction = String(Int64(scaled) - whole * Int64(scale))
        while fraction.count < places { fraction = "0" + fraction }
        let sign = value < 0 && scaled != 0 ? "-" : ""
        return places == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }

    static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
