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
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
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

    mutating func literal(_ word: StaticString, _ result: JSONValue) throws(Failure) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count, (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] }) else {
            throw failure("expected `\(word)`")
        }
        index += count
        return result
    }

    mutating func object(depth: Int) throws(Failure) -> JSONValue {
        index += 1
        var pairs: [(String, JSONValue)] = []
        // Room for a gesture value's members at once, rather than growing 1, 2, 4, 8.
        pairs.reserveCapacity(8)
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(pairs)
        }
        // Keys seen, once there are more than a few (a hostile object's thousands of keys stay
        // linear); below that, the pairs themselves are looked through.
        var keys: Set<String>?
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
            let keyStart = index
            let key = try string()
            // A key given twice: which one counts would be the reader's guess (PROTOCOL.md).
            if keys?.contains(key) ?? pairs.contains(where: { $0.0 == key }) {
                index = keyStart
                throw failure("`\(key)` is given twice in one object")
            }
            if keys != nil {
                keys!.insert(key)
            } else if pairs.count == 8 {
                keys = Set(pairs.map(\.0) + [key])
            }
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
        // The usual string has no escape: its bytes are the text, decoded once.
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: bytes[start..<index - 1], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += 1
        }
        index = start
        return try escapedString()
    }

    /// A string with escapes (or a fault), from just after its opening quote.
    mutating func escapedString() throws(Failure) -> String {
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
        if let value = Self.plainNumber(bytes[start..<index], integral: integral) { return value }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if integral, let value = Int64(text), String(value) == text { return .int(value) }
        if !integral, let value = Double(text), value.isFinite, JSONValue.format(value) == text { return .number(value) }
        return .numberText(text)
    }

    /// The numbers a gesture event carries, read without making a String: a whole number of at
    /// most 18 digits (not `-0`) is an `int`; a decimal `-?D+.F+` (no exponent) of at most 15
    /// significant digits, not ending in 0 and not below 0.0001, is a `number`, since its Double (an exact
    /// mantissa over an exact power of ten, rounded once) prints back as the same text. Any
    /// other number (nil) is judged by formatting it, as before.
    static func plainNumber(_ text: ArraySlice<UInt8>, integral: Bool) -> JSONValue? {
        var position = text.startIndex
        let negative = text[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        var mantissa: Int64 = 0
        var significant = 0
        var fraction = 0
        var leadingZeros = 0
        var inFraction = false
        while position < text.endIndex {
            let byte = text[position]
            position += 1
            if byte == UInt8(ascii: ".") {
                inFraction = true
                continue
            }
            guard byte != UInt8(ascii: "e") && byte != UInt8(ascii: "E") else { return nil }
            let digit = Int64(byte &- UInt8(ascii: "0"))
            if inFraction { fraction += 1 }
            if mantissa == 0 && digit == 0 {
                if inFraction { leadingZeros += 1 }
                if integral { significant += 1 }
                continue
            }
            significant += 1
            guard significant <= (integral ? 18 : 15) else { return nil }
            mantissa = mantissa * 10 + digit
        }
        if integral {
            guard !(negative && mantissa == 0) else { return nil }
            return .int(negative ? -mantissa : mantissa)
        }
        guard mantissa != 0, text[text.endIndex - 1] != UInt8(ascii: "0"), fraction <= 22 else { return nil }
        // 0.0001 prints as it is, 0.00001 as 1e-05.
        guard leadingZeros <= 3 else { return nil }
        let value = Double(mantissa) / powersOfTen[fraction]
        return .number(negative ? -value : value)
    }

    /// 10⁰ … 10²², each exact as a Double.
    static let powersOfTen: [Double] = (0...22).map { exponent in (0..<exponent).reduce(1.0) { value, _ in value * 10 } }
}
