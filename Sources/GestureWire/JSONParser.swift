/// Parses one JSON text into a ``JSONValue``, keeping object key order, and says where it is
/// malformed ("expected `:` at column 12") so a client's bad line gets a precise error reply.
public struct JSONParser {
    /// A syntax error.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// 1-based column (in UTF-8 bytes) where parsing stopped.
        public var column: Int
        /// What was expected.
        public var message: String

        public var description: String { "\(message) at column \(column)" }
    }

    /// Deepest nesting accepted (a defence against hostile input).
    public static let maximumDepth = 64

    let bytes: [UInt8]
    var index = 0

    /// Parses `text`; whitespace may surround the value, nothing else may follow it.
    public static func parse(_ text: String) throws(Failure) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.failure("expected the end of the line after the value") }
        return value
    }

    func failure(_ message: String) -> Failure { Failure(column: index + 1, message: message) }

    mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value(depth: Int) throws(Failure) -> JSONValue {
        guard depth < Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth)") }
        guard index < bytes.count else { throw failure("expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("expected a value (object, array, string, number, true, false or null)")
        }
    }

    mutating func literal(_ word: String, _ result: JSONValue) throws(Failure) -> JSONValue {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw failure("expected `\(word)`")
        }
        index += expected.count
        return result
    }

    mutating func object(depth: Int) throws(Failure) -> JSONValue {
        index += 1
        var pairs: [(String, JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(pairs)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected `:` after the key") }
            index += 1
            skipWhitespace()
            pairs.append((key, try value(depth: depth + 1)))
            skipWhitespace()
            guard index < bytes.count else { throw failure("expected `,` or `}`") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(pairs)
            } else {
                throw failure("expected `,` or `}`")
            }
        }
    }

    mutating func array(depth: Int) throws(Failure) -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw failure("expected `,` or `]`") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            } else {
                throw failure("expected `,` or `]`")
            }
        }
    }

    mutating func string() throws(Failure) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(_ end: Int) {
            scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flush(index)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw failure("expected no control characters inside a string") }
            if byte == UInt8(ascii: "\\") {
                flush(index)
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{c}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    {
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw failure("expected a low surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw failure("expected a valid \\u escape") }
                    scalars.append(scalar)
                default:
                    throw failure("expected a valid escape after `\\`")
                }
                run = index
                continue
            }
            index += 1
        }
        throw failure("expected the closing `\"` of a string")
    }

    mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw failure("expected four hex digits after \\u")
        }
        index += 4
        return value
    }

    /// A number by RFC 8259's grammar — `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`,
    /// so `01`, `1.`, `.5` and `+1` are errors — as `int` when it is a whole Int64, `number`
    /// when a Double gives back the same text, and otherwise as its text (``JSONValue/numberText(_:)``).
    mutating func number() throws(Failure) -> JSONValue {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - first
        }
        func reject(_ problem: String, at position: Int? = nil) -> Failure {
            if let position { index = position }
            return failure(problem)
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let leadingZero = index < bytes.count && bytes[index] == UInt8(ascii: "0")
        let whole = digits()
        guard whole > 0 else { throw reject("expected a digit in the number") }
        guard !leadingZero || whole == 1 else { throw reject("a number may not start with 0 (like `01`)", at: start) }
        var integral = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            integral = false
            guard digits() > 0 else { throw reject("expected a digit after the decimal point") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            integral = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw reject("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if integral, let value = Int64(text), String(value) == text { return .int(value) }
        if !integral, let value = Double(text), value.isFinite, JSONValue.format(value) == text { return .number(value) }
        return .numberText(text)
    }
}
