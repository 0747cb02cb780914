import Evdev
import GestureWire
import YAML

extension YAMLNode {
    /// JSON as the node its text would compose to: strings quoted, numbers, booleans and
    /// `null` plain; every node on `line`. How a client's `define` is read by the configuration's
    /// rules without printing it as text and parsing it again.
    package init(json: JSONValue, line: Int) {
        switch json {
        case .string(let text): self.init(.scalar(text, plain: false), line: line)
        case .array(let items): self.init(.sequence(items.map { YAMLNode(json: $0, line: line) }), line: line)
        case .object(let pairs):
            self.init(.mapping(pairs.map { (YAMLNode(.scalar($0.0, plain: false), line: line), YAMLNode(json: $0.1, line: line)) }), line: line)
        default: self.init(.scalar(json.serialized, plain: true), line: line)
        }
    }

    /// The node as JSON, typed by the configuration's scalar rules (plain `true`, numbers and
    /// `null` are typed; quoted scalars stay strings): how an actions file's `define:` is sent.
    package var jsonValue: JSONValue {
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

    /// The node as the daemon will read it once sent as ``jsonValue``: each scalar typed as its
    /// JSON is, each key a string, but every node on the line it was written on.
    package var asSent: YAMLNode {
        switch content {
        case .scalar: YAMLNode(json: jsonValue, line: line)
        case .sequence(let items): YAMLNode(.sequence(items.map(\.asSent)), line: line)
        case .mapping(let pairs):
            YAMLNode(.mapping(pairs.map { (YAMLNode(.scalar($0.key.string ?? "", plain: false), line: $0.key.line), $0.value.asSent) }), line: line)
        }
    }
}
