import GestureClient
import GestureWire

/// Readable forms of the daemon's other events for `gesturectl subscribe` and `devices` (gesture
/// events are ``GestureEventText``'s): values compactly, devices in one line, counted nouns.
public enum EventText {
    /// `1 action`, `2 actions`, `0 devices`.
    public static func count(_ number: Int, _ noun: String) -> String {
        Counted.words(number, noun)
    }

    /// `{x, y}` as `(x, y)`; a value as its kind and its fields (`drag translation=(2, 0.5) …`);
    /// a combination as the parts that are there (`magnify … + rotate …`); strings unquoted.
    public static func compact(_ value: JSONValue) -> String {
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

    /// A device object in one line: `dev2  NAME  kind, W × H mm, N slots` and what it is grabbed as.
    public static func device(_ device: JSONValue) -> String {
        let size = device["size"]
        let estimated = size?["estimated"] == .bool(true) ? " (estimated)" : ""
        return "dev\(device["id"]?.intValue ?? 0)  \(device["name"]?.stringValue ?? "?")  \(device["kind"]?.stringValue ?? "?"), "
            + "\(millimetres(size?["width"])) × \(millimetres(size?["height"])) mm\(estimated), \(count(Int(device["slots"]?.intValue ?? 0), "slot"))"
            + (device["twin"]?.stringValue.map { ", grabbed: the desktop reads its twin \($0)" } ?? "")
            + (DeviceOrientation(json: device["orientation"])?.text.map { ", \($0)" } ?? "")
    }

    /// A `touches` frame as one line: its time, device and each contact as `id:phase (x, y)`.
    public static func touches(_ value: JSONValue) -> String {
        let time = value["time"]?.doubleValue.map { GestureEventText.format($0, 3) + "s" } ?? "?"
        let contacts = (value["contacts"]?.arrayValue ?? []).map { contact in
            "\(contact["id"]?.intValue ?? 0):\(contact["phase"]?.stringValue ?? "?") "
                + "(\(millimetres(contact["x"])), \(millimetres(contact["y"])))"
        }
        return "touches \(time)  dev\(value["device"]?.intValue ?? 0)  " + (contacts.isEmpty ? "none" : contacts.joined(separator: "  "))
    }

    /// A `trace` event as one line: its time, device and each entry — `pan joined 1` (the touch's
    /// arena), `pan won 1`, `swipe-left-3 lost 1`, `swipe-left-3 failed(preempted) unseen`.
    public static func trace(_ value: JSONValue) -> String {
        let time = value["time"]?.doubleValue.map { GestureEventText.format($0, 3) + "s" } ?? "?"
        let entries = (value["entries"]?.arrayValue ?? []).map { entry -> String in
            let name = entry["gesture"]?.stringValue ?? "?"
            if let reason = entry["failed"]?.stringValue { return "\(name) failed(\(reason)) unseen" }
            let verb = ["joined": "joined", "accepted": "won", "rejected": "lost"][entry["arena"]?.stringValue ?? ""] ?? "?"
            return "\(name) \(verb) \(entry["touch"]?.intValue ?? 0)"
        }
        return "trace \(time)  dev\(value["device"]?.intValue ?? 0)  " + entries.joined(separator: ", ")
    }

    /// A `left-out` event as one line: `left out 0.310s  dev1  100: palm (edge) (4.0, 35.0)`, or
    /// `none` once every left-out touch lifted or became a finger.
    public static func leftOut(_ value: JSONValue) -> String {
        let time = value["time"]?.doubleValue.map { GestureEventText.format($0, 3) + "s" } ?? "?"
        let contacts = (value["contacts"]?.arrayValue ?? []).map { contact in
            "\(contact["id"]?.intValue ?? 0): \(contact["why"]?.stringValue ?? "?") (\(millimetres(contact["x"])), \(millimetres(contact["y"])))"
        }
        return "left out \(time)  dev\(value["device"]?.intValue ?? 0)  " + (contacts.isEmpty ? "none" : contacts.joined(separator: "  "))
    }

    /// A `claims` event as one line: `claims 0.120s  dev1  100: consume  101: hold`, or `none`.
    public static func claims(_ value: JSONValue) -> String {
        let time = value["time"]?.doubleValue.map { GestureEventText.format($0, 3) + "s" } ?? "?"
        let contacts = (value["contacts"]?.arrayValue ?? []).map { "\($0["id"]?.intValue ?? 0): \($0["owner"]?.stringValue ?? "?")" }
        return "claims \(time)  dev\(value["device"]?.intValue ?? 0)  " + (contacts.isEmpty ? "none" : contacts.joined(separator: "  "))
    }

    /// A length with one decimal, `?` when unknown.
    public static func millimetres(_ value: JSONValue?) -> String {
        value?.doubleValue.map { GestureEventText.format($0, 1) } ?? "?"
    }
}
