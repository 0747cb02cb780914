import Evdev
import GestureWire

extension YAMLNode {
    /// The node as JSON, typed by the configuration's scalar rules (plain `true`, numbers and
    /// `null` are typed; quoted scalars stay strings): how an actions file's `define:` is sent.
    var jsonValue: JSONValue {
        switch content {
        case .scalar(let text, let plain):
            guard plain else { return .string(text) }
            if text == "null" || text == "~" { return .null }
            if let value = bool { return .bool(value) }
            if let value = int { return .int(Int64(value)) }
            if let value = float, value.isFinite { return .number(value) }
            return .string(text)
        case .sequence(let items):
            return .array(items.map(\.jsonValue))
        case .mapping(let pairs):
            return .object(pairs.map { ($0.key.string ?? "", $0.value.jsonValue) })
        }
    }
}
