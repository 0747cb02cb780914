/// A node of a YAML document, composed from libyaml's events by ``YAMLSource``: a scalar, a
/// sequence or a mapping, with the line it starts on. An alias is a copy of the node its anchor
/// named. Scalars are read as numbers and booleans by the rules the readers have always used
/// (YAML 1.1's, as Yams applied them): only unquoted scalars are numbers or booleans.
public struct YAMLNode: Sendable {
    /// What a node holds.
    public enum Content: Sendable {
        /// A scalar's text; `plain` when it was written unquoted (not `'…'`, `"…"`, `|` or `>`).
        case scalar(String, plain: Bool)
        /// A sequence's items, in document order.
        case sequence([YAMLNode])
        /// A mapping's pairs, in document order.
        case mapping([(key: YAMLNode, value: YAMLNode)])
    }

    /// What the node holds.
    public var content: Content
    /// The 1-based line where the node starts.
    public var line: Int
    /// The 0-based column where the node starts (a block sequence: its first dash's).
    public var column: Int
    /// The 1-based last line holding part of the node: a block scalar's last line of content
    /// (comment-like lines inside it included), a collection's last item's, a flow collection's
    /// closing bracket's. What an edit that adds after a node needs (issue 60).
    public var lastLine: Int
    /// Whether a sequence or mapping was written in flow style (`[…]`, `{…}`).
    public var isFlow: Bool

    /// Creates a node.
    public init(_ content: Content, line: Int, column: Int = 0, lastLine: Int? = nil, isFlow: Bool = false) {
        self.content = content
        self.line = line
        self.column = column
        self.lastLine = max(line, lastLine ?? line)
        self.isFlow = isFlow
    }

    /// The pairs, when the node is a mapping.
    public var mapping: [(key: YAMLNode, value: YAMLNode)]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The items, when the node is a sequence.
    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// The text, when the node is a scalar (quoted or not).
    public var string: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// The value of the first pair whose key is the scalar `key`, when the node is a mapping.
    public subscript(key: String) -> YAMLNode? {
        mapping?.first { $0.key.string == key }?.value
    }

    /// The text of an unquoted scalar, with `_` digit separators removed.
    private var plainNumber: String? {
        guard case .scalar(let text, plain: true) = content else { return nil }
        return text.replacing("_", with: "")
    }

    /// A whole number: decimal, `0x` hexadecimal, `0b` binary, `0o` or leading-`0` octal, or
    /// base 60 (`1:30`), optionally signed. Nil for anything else or out of `Int`'s range.
    public var int: Int? {
        guard let text = plainNumber else { return nil }
        if text == "0" { return 0 }
        let negative = text.hasPrefix("-")
        let digits = text.dropFirst(negative || text.hasPrefix("+") ? 1 : 0)
        let sign = negative ? "-" : ""
        for (prefix, radix) in [("0x", 16), ("0b", 2), ("0o", 8), ("0", 8)] where digits.hasPrefix(prefix) {
            return Int(sign + digits.dropFirst(prefix.count), radix: radix)
        }
        if digits.contains(":") {
            // Checked: a hostile file must get an error, not an overflow trap.
            var value = 0
            for part in digits.split(separator: ":", omittingEmptySubsequences: false) {
                guard let component = Int(part) else { return nil }
                let (shifted, overflowA) = value.multipliedReportingOverflow(by: 60)
                let (sum, overflowB) = shifted.addingReportingOverflow(component)
                guard !overflowA, !overflowB else { return nil }
                value = sum
            }
            return negative ? -value : value
        }
        return Int(text)
    }

    /// A number: anything `int` reads, decimals and exponents, `.inf`, `-.inf` and `.nan`.
    public var float: Double? {
        guard let text = plainNumber else { return nil }
        switch text.lowercased() {
        case ".inf", "+.inf": return .infinity
        case "-.inf": return -.infinity
        case ".nan": return .nan
        default: break
        }
        if text.contains(":") {
            let negative = text.hasPrefix("-")
            var value = 0.0
            for part in text.dropFirst(negative || text.hasPrefix("+") ? 1 : 0).split(separator: ":", omittingEmptySubsequences: false) {
                guard let component = Double(part) else { return nil }
                value = value * 60 + component
            }
            return negative ? -value : value
        }
        return Double(text)
    }

    /// `true`/`yes`/`on` or `false`/`no`/`off` (any case), unquoted.
    public var bool: Bool? {
        guard case .scalar(let text, plain: true) = content else { return nil }
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }
}
