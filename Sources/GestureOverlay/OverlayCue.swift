import GestureWire

/// What an active gesture's value shows: how far along it is, read from the value the daemon
/// sends (docs/PROTOCOL.md, "Values").
public enum OverlayCue: Sendable, Equatable {
    /// A swipe or a drag: millimetres moved, and a swipe's direction.
    case distance(Double, direction: String?)
    /// An edge swipe: its edge (`left`, `right`, `top`, `bottom`) and millimetres in from it.
    case edge(String, distance: Double)
    /// A pinch: the scale so far (1 at the start).
    case scale(Double)
    /// A rotation: degrees so far, clockwise positive.
    case angle(Double)
    /// A hold: seconds held.
    case hold(Double)
    /// A stroke: the shape's name once it is known.
    case stroke(String?)

    /// The cue of a gesture event's `value`, or nil for values with nothing to show (a tap).
    public init?(value: JSONValue?) {
        guard let value, let kind = value["kind"]?.stringValue else { return nil }
        switch kind {
        case "swipe": self = .distance(value["distance"]?.doubleValue ?? 0, direction: value["direction"]?.stringValue)
        case "drag":
            let x = value["translation"]?["x"]?.doubleValue ?? 0
            let y = value["translation"]?["y"]?.doubleValue ?? 0
            self = .distance((x * x + y * y).squareRoot(), direction: nil)
        case "edgeSwipe": self = .edge(value["edge"]?.stringValue ?? "left", distance: value["distance"]?.doubleValue ?? 0)
        case "magnify": self = .scale(value["magnification"]?.doubleValue ?? 1)
        case "rotate": self = .angle((value["rotation"]?.doubleValue ?? 0) * 180 / .pi)  // radians on the wire
        case "hold": self = .hold(value["duration"]?.doubleValue ?? 0)
        case "stroke": self = .stroke(value["name"]?.stringValue)
        default:
            // A combined gesture (simultaneous, sequenced, exclusive): the first part with a cue.
            guard let part = [value["first"], value["second"]].lazy.compactMap({ OverlayCue(value: $0) }).first else { return nil }
            self = part
        }
    }

    /// The cue in words: `32 mm left`, `×1.42`, `+35°`, `0.8 s`, `edge left 12 mm`.
    public var text: String {
        switch self {
        case .distance(let mm, let direction): "\(Self.format(mm, 0)) mm" + (direction.map { " \($0)" } ?? "")
        case .edge(let edge, let mm): "edge \(edge) \(Self.format(mm, 0)) mm"
        case .scale(let scale): "×\(Self.format(scale, 2))"
        case .angle(let degrees): (degrees >= 0 ? "+" : "−") + "\(Self.format(abs(degrees), 0))°"
        case .hold(let seconds): "\(Self.format(seconds, 1)) s"
        case .stroke(let name): name ?? "…"
        }
    }

    /// How far along, 0…1, toward `goal` (a swipe's or edge swipe's distance in millimetres, a
    /// hold's seconds, a pinch's scale away from 1, a rotation's degrees); nil without a goal.
    public func fraction(goal: Double?) -> Double? {
        guard let goal, goal > 0 else { return nil }
        let done: Double
        switch self {
        case .distance(let mm, _): done = mm / goal
        case .edge(_, let mm): done = mm / goal
        case .hold(let seconds): done = seconds / goal
        case .scale(let scale): done = abs(scale - 1) / max(abs(goal - 1), 0.01)
        case .angle(let degrees): done = abs(degrees) / goal
        case .stroke: return nil
        }
        return min(1, max(0, done))
    }

    /// `value` with `places` decimals, without Foundation's formatter.
    static func format(_ value: Double, _ places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let rounded = (abs(value) * scale).rounded()
        let whole = Int(rounded / scale)
        guard places > 0 else { return (value < 0 && rounded > 0 ? "-" : "") + "\(whole)" }
        var fraction = String(Int(rounded) - whole * Int(scale))
        while fraction.count < places { fraction = "0" + fraction }
        return (value < 0 && rounded > 0 ? "-" : "") + "\(whole).\(fraction)"
    }
}
