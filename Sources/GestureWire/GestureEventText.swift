import GestureCore

/// The human-readable form of gesture events, one line per event with its value in a few words:
/// `  0.530s  dev1  swipe-left-3#3  ended  left 12.3 mm`. The one readable form of `gesturectl
/// replay --text`, `subscribe`, `snapshot` and the demo: it reads the JSON object the protocol
/// carries, so every path prints the same line for the same event.
public enum GestureEventText {
    /// The line for `event`; `time` is seconds since `origin`.
    public static func line(_ event: GestureEvent, origin: Timestamp) -> String {
        line(GestureEventJSON.object(event, origin: origin))
    }

    /// The line for a gesture event as JSON (a `gesture` event, or an instance of a `snapshot`).
    public static func line(_ event: JSONValue) -> String {
        var line = pad(format(event["time"]?.doubleValue ?? 0, 3) + "s", 9)
        line += "  dev\(event["device"]?.intValue ?? 0)  \(event["gesture"]?.stringValue ?? "?")#\(event["instance"]?.intValue ?? 0)  "
        line += event["phase"]?.stringValue ?? "?"
        if let reason = event["reason"]?.stringValue { line += "(\(reason))" }
        if let value = event["value"], value != .null {
            let text = describe(value)
            if !text.isEmpty { line += "  " + text }
        }
        if let state = event["state"], state != .null { line += "  state=" + describe(state) }
        return line
    }

    /// A gesture value (as ``GestureEventJSON/value(_:)`` writes it) in a few words.
    public static func describe(_ value: JSONValue) -> String {
        func number(_ key: String) -> Double { value[key]?.doubleValue ?? 0 }
        func int(_ key: String) -> Int64 { value[key]?.intValue ?? 0 }
        func word(_ key: String) -> String { value[key]?.stringValue ?? "?" }
        func pair(_ key: String) -> String { value[key].map(Self.pair) ?? "?" }
        func part(_ key: String) -> String? { value[key].flatMap { $0 == .null ? nil : describe($0) } }
        switch value {
        case .bool(let flag): return "\(flag)"
        case .number, .int, .numberText: return format(value.doubleValue ?? 0, 3)
        case .string(let text): return text
        case .object:
            break
        default:
            return value.serialized
        }
        switch value["kind"]?.stringValue {
        case "tap": return "\(int("count"))× \(int("fingers"))-finger tap at \(pair("location"))"
        case "spatialTap": return "tap at \(pair("location"))"
        case "longPress": return value["pressed"] == .bool(true) ? "pressed" : "pressing"
        case "drag": return "translation \(pair("translation")) mm, velocity \(pair("velocity")) mm/s"
        case "magnify": return "×" + format(number("magnification"), 3)
        case "rotate": return format(number("rotation") * 180 / .pi, 1) + "°"
        case "swipe": return "\(word("direction")) \(format(number("distance"), 1)) mm"
        case "edgeSwipe": return "from \(word("edge")) \(format(number("distance"), 1)) mm"
        case "stroke": return "\(word("name")) (score \(format(number("score"), 2)), \(format(number("length"), 0)) mm)"
        case "hold": return "\(int("fingers")) fingers for \(format(number("duration"), 2)) s"
        case "simultaneous": return [part("first"), part("second")].compactMap { $0 }.joined(separator: ", ")
        case "sequenceFirst", "exclusiveFirst": return part("first") ?? ""
        case "sequenceSecond": return part("second") ?? part("first") ?? ""
        case "exclusiveSecond": return part("second") ?? ""
        default:
            // A point or vector (a state), or a kind this reader does not know.
            if value["x"] != nil, value["y"] != nil { return Self.pair(value) }
            return value.serialized
        }
    }

    /// `{x, y}` as `(x, y)`, one decimal.
    static func pair(_ value: JSONValue) -> String {
        "(\(format(value["x"]?.doubleValue ?? 0, 1)), \(format(value["y"]?.doubleValue ?? 0, 1)))"
    }

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

    /// `text` right-aligned in `width` columns (the time column of every line).
    public static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
