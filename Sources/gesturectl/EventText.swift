import GestureClient
import GestureWire

/// Readable one-line forms of the daemon's events for `gesturectl subscribe` and `snapshot`:
/// time, device, gesture and instance, phase (with the failure reason), and the value compactly.
enum EventText {
    static func line(_ update: GestureUpdate) -> String {
        let phase = update.reason.map { "\(update.phase.rawValue)(\($0))" } ?? update.phase.rawValue
        var parts = [GestureEventText.format(update.time, 3), "dev\(update.device)", "\(update.gesture)#\(update.instance)", phase]
        if let value = update.value { parts.append(compact(value)) }
        if let state = update.state { parts.append("state=" + compact(state)) }
        return parts.joined(separator: "  ")
    }

    /// `{x, y}` as `(x, y)`; a value as its kind and its fields (`drag translation=(2, 0.5) …`);
    /// a combination as the parts that are there (`magnify … + rotate …`); strings unquoted.
    static func compact(_ value: JSONValue) -> String {
        switch value {
        case .object(let pairs):
            if let x = value["x"]?.doubleValue, let y = value["y"]?.doubleValue, pairs.count == 2 {
                return "(\(GestureEventText.format(x, 1)), \(GestureEventText.format(y, 1)))"
            }
            if value["first"] != nil || value["second"] != nil {
                let parts = [value["first"], value["second"]].compactMap { $0 }.filter { $0 != .null }.map(compact)
                return parts.joined(separator: " + ")
            }
            return pairs.map { key, item -> String in
                if key == "kind", let kind = item.stringValue { return kind }
                return "\(key)=\(compact(item))"
            }.joined(separator: " ")
        case .array(let items):
            return "[" + items.map(compact).joined(separator: ", ") + "]"
        case .number(let number):
            return GestureEventText.format(number, 3)
        case .string(let text):
            return text
        default:
            return value.serialized
        }
    }

    static func device(_ device: JSONValue) -> String {
        let size = device["size"]
        let estimated = size?["estimated"] == .bool(true) ? " (estimated)" : ""
        return "dev\(device["id"]?.intValue ?? 0)  \(device["name"]?.stringValue ?? "?")  \(device["kind"]?.stringValue ?? "?"), "
            + "\(compact(size?["width"] ?? .null)) × \(compact(size?["height"] ?? .null)) mm\(estimated), \(device["slots"]?.intValue ?? 0) slots"
    }
}
