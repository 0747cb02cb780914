import GestureWire

/// A value written as YAML flow text that reads back as the same value: its JSON, with the
/// characters JSON leaves alone but YAML does not (DEL, C1 controls, NEL, LS, PS, BOM: refused
/// or folded into a space inside quotes) written as `\uXXXX`, which both read the same. Outside
/// strings JSON is ASCII. What the importers and `gesturectl view` write into actions files.
public enum YAMLFlowText {
    /// `value` as YAML flow text.
    public static func of(_ value: JSONValue) -> String {
        var out = ""
        for scalar in value.serialized.unicodeScalars {
            switch scalar.value {
            case 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `value` in the flow style a person writes (`{ swipe: { direction: up, fingers: 3 } }`):
    /// mappings and lists spaced, names plain where YAML reads them back as the same strings,
    /// everything else as ``of(_:)`` writes it. What `define:` is written as (issue 60).
    public static func written(_ value: JSONValue) -> String {
        switch value {
        case .object(let pairs):
            return pairs.isEmpty ? "{}" : "{ " + pairs.map { scalar($0.0) + ": " + written($0.1) }.joined(separator: ", ") + " }"
        case .array(let items):
            return "[" + items.map(written).joined(separator: ", ") + "]"
        case .string(let text):
            return scalar(text)
        default:
            return of(value)
        }
    }

    /// `text` as a YAML scalar: plain when YAML reads it back as that very string (a name such
    /// as `swipe-left-3` or `super+Right`), else quoted as ``of(_:)`` writes it.
    public static func scalar(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.+".unicodeScalars.contains($0)) }
        let first = text.unicodeScalars.first
        let reserved = ["true", "false", "yes", "no", "on", "off", "y", "n", "null", "~"].contains(text.lowercased())
        guard plain, let first, first.properties.isAlphabetic, !reserved else { return of(.string(text)) }
        return text
    }
}
