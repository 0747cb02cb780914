import GestureCore

/// Reads evemu text: the device header (`N:` name, `I:` ids, `P:` property bits, `B:` code bits
/// per type, `A:` axis ranges — resolution optional, as in old files) and `E:` event lines
/// (`seconds.microseconds type code value`, type and code in hex, value in decimal).
public enum EvemuParser {
    /// Reads a recording; `description` supplies the header of an events-only file.
    public static func parse(_ text: String, file: String, description: DeviceDescription? = nil) throws -> Recording {
        var builder = Builder(file: file)
        var events: [InputEvent] = []
        var eventLines: [Int] = []
        // The header's comments describe the state the device was in (`Value` of each axis).
        var comments: [Substring] = []
        for (index, raw) in lines(text).enumerated() {
            let line = index + 1
            // Most of a recording is `E:` lines: read those straight from their bytes.
            if let event = fastEvent(raw) {
                events.append(event)
                eventLines.append(line)
                continue
            }
            if events.isEmpty, raw.first == "#" { comments.append(raw) }
            let content = stripComment(raw)
            guard !content.isEmpty else { continue }
            if content.hasPrefix("E:") {
                events.append(try event(content, file: file, line: line))
                eventLines.append(line)
            } else {
                try builder.header(content, line: line)
            }
        }
        guard let header = builder.description ?? description else {
            throw RecordingError(
                file: file, line: nil,
                "expected a device header (N:, I:, B:, A: lines); for an events-only evemu file pass its .desc file with --device-description")
        }
        return Recording(
            format: .evemu,
            devices: [RecordedDevice(node: nil, description: header, events: events, lines: eventLines, initialState: DeviceState.described(by: comments))])
    }

    /// Reads an `evemu-describe` header on its own (a `.desc` file).
    public static func parseDescription(_ text: String, file: String) throws -> DeviceDescription {
        var builder = Builder(file: file)
        for (index, raw) in lines(text).enumerated() {
            let content = stripComment(raw)
            guard !content.isEmpty else { continue }
            if content.hasPrefix("E:") { continue }
            try builder.header(content, line: index + 1)
        }
        guard let description = builder.description else {
            throw RecordingError(file: file, line: nil, "expected a device description with an `N: <name>` line")
        }
        return description
    }

    /// The lines of `text`, split on newline bytes (splitting on Characters cost most of the
    /// time of reading a large recording).
    static func lines(_ text: String) -> [Substring] {
        var result: [Substring] = []
        let utf8 = text.utf8
        var start = utf8.startIndex
        while let newline = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) {
            result.append(text[start..<newline])
            start = utf8.index(after: newline)
        }
        result.append(text[start...])
        return result
    }

    /// `E: <seconds>.<microseconds> <type hex> <code hex> <value>` with an optional comment,
    /// read from the bytes; nil for anything else (the general path then reads or rejects it).
    static func fastEvent(_ raw: Substring) -> InputEvent? {
        var bytes = raw.utf8[...]
        guard bytes.starts(with: [UInt8(ascii: "E"), UInt8(ascii: ":")]) else { return nil }
        bytes = bytes.dropFirst(2)
        func spaces() { bytes = bytes.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } }
        func number(radix: Int64, maxDigits: Int = 18) -> (value: Int64, digits: Int)? {
            var value: Int64 = 0
            var digits = 0
            while let byte = bytes.first, digits < maxDigits {
                let digit: Int64
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int64(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = Int64(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = Int64(byte - UInt8(ascii: "A") + 10)
                default: return digits > 0 ? (value, digits) : nil
                }
                // Checked: a hostile file gets an error naming its line, not an overflow trap.
                let (shifted, overflowA) = value.multipliedReportingOverflow(by: radix)
                let (sum, overflowB) = shifted.addingReportingOverflow(digit)
                guard !overflowA, !overflowB else { return nil }
                value = sum
                digits += 1
                bytes = bytes.dropFirst()
            }
            return digits > 0 && digits < maxDigits ? (value, digits) : nil
        }
        spaces()
        guard let seconds = number(radix: 10), bytes.first == UInt8(ascii: ".") else { return nil }
        bytes = bytes.dropFirst()
        guard let fraction = number(radix: 10, maxDigits: 7), fraction.digits <= 6 else { return nil }
        spaces()
        guard let type = number(radix: 16), type.value <= Int64(UInt16.max) else { return nil }
        spaces()
        guard let code = number(radix: 16), code.value <= Int64(UInt16.max) else { return nil }
        spaces()
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        }
        guard let magnitude = number(radix: 10), magnitude.value <= Int64(Int32.max) + 1 else { return nil }
        let value = negative ? -magnitude.value : magnitude.value
        guard value <= Int64(Int32.max) else { return nil }
        spaces()
        guard bytes.isEmpty || bytes.first == UInt8(ascii: "#") || bytes.first == UInt8(ascii: "\r") else { return nil }
        var micros = fraction.value
        for _ in fraction.digits..<6 { micros *= 10 }
        guard let time = Timestamp.checked(seconds: seconds.value, microseconds: micros) else { return nil }
        return InputEvent(time: time, type: UInt16(type.value), code: UInt16(code.value), value: Int32(value))
    }

    static func stripComment(_ raw: Substring) -> Substring {
        let trimmed = raw.drop { $0 == " " || $0 == "\t" }
        if trimmed.hasPrefix("#") { return "" }
        if let hash = trimmed.firstIndex(of: "#"), !trimmed.hasPrefix("N:") {
            return trimmed[..<hash].trimmingSuffixWhitespace()
        }
        return trimmed.trimmingSuffixWhitespace()
    }

    static func event(_ content: Substring, file: String, line: Int) throws -> InputEvent {
        let fields = content.dropFirst(2).split(whereSeparator: { $0 == " " || $0 == "\t" })
        let expected = "expected `E: <seconds>.<microseconds> <type hex> <code hex> <value>`, found `\(content)`"
        guard fields.count == 4,
            let time = timestamp(fields[0]),
            let type = UInt16(fields[1], radix: 16),
            let code = UInt16(fields[2], radix: 16),
            let value = Int32(fields[3])
        else { throw RecordingError(file: file, line: line, expected) }
        return InputEvent(time: time, type: type, code: code, value: value)
    }

    static func timestamp(_ field: Substring) -> Timestamp? {
        let parts = field.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let seconds = Int64(parts[0]), parts[1].count <= 6, let fraction = Int64(parts[1]) else {
            return nil
        }
        var micros = fraction
        for _ in parts[1].count..<6 { micros *= 10 }
        return Timestamp.checked(seconds: seconds, microseconds: micros)
    }

    /// Accumulates header lines into a description.
    struct Builder {
        let file: String
        var name: String?
        var ids: [UInt16] = [0, 0, 0, 0]
        var propertyBytes: [UInt8] = []
        var bits: [UInt16: [UInt8]] = [:]
        var absinfo: [UInt16: AbsInfo] = [:]

        init(file: String) {
            self.file = file
        }

        mutating func header(_ content: Substring, line: Int) throws {
            let tag = content.prefix(2)
            let rest = content.dropFirst(2).drop { $0 == " " || $0 == "\t" }
            let fields = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
            func fail(_ what: String) -> RecordingError {
                RecordingError(file: file, line: line, "expected \(what), found `\(content)`")
            }
            switch tag {
            case "N:":
                name = String(rest)
            case "I:":
                let values = fields.compactMap { UInt16($0, radix: 16) }
                guard values.count == 4, fields.count == 4 else { throw fail("`I: <bus> <vendor> <product> <version>` in hex") }
                ids = values
            case "P:":
                let bytes = fields.compactMap { UInt8($0, radix: 16) }
                guard bytes.count == fields.count, !bytes.isEmpty else { throw fail("`P:` followed by hex bytes") }
                propertyBytes += bytes
            case "B:":
                let bytes = fields.compactMap { UInt8($0, radix: 16) }
                guard bytes.count == fields.count, bytes.count >= 2 else { throw fail("`B: <type> <bytes…>` in hex") }
                bits[UInt16(bytes[0]), default: []] += bytes.dropFirst()
            case "A:":
                guard fields.count >= 5, let code = UInt16(fields[0], radix: 16) else {
                    throw fail("`A: <code hex> <min> <max> <fuzz> <flat> [<resolution>]`")
                }
                let numbers = fields.dropFirst().compactMap { Int32($0) }
                guard numbers.count == fields.count - 1 else { throw fail("decimal axis values after `A: <code>`") }
                absinfo[code] = AbsInfo(
                    minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3],
                    resolution: numbers.count > 4 ? numbers[4] : 0)
            case "L:", "S:":
                break  // LED and switch states: not touch related
            default:
                throw RecordingError(file: file, line: line, "expected an evemu line (N:, I:, P:, B:, A:, E:), found `\(content)`")
            }
        }

        var description: DeviceDescription? {
            guard let name else { return nil }
            var codes: [UInt16: Set<UInt16>] = [:]
            for (type, bytes) in bits where type != 0 {
                codes[type] = Self.set(bytes)
            }
            return DeviceDescription(
                name: name, bus: ids[0], vendor: ids[1], product: ids[2], version: ids[3],
                properties: Self.set(propertyBytes), codes: codes, absinfo: absinfo)
        }

        static func set(_ bytes: [UInt8]) -> Set<UInt16> {
            var result = Set<UInt16>()
            for (index, byte) in bytes.enumerated() where byte != 0 {
                for bit in 0..<8 where byte & (1 << bit) != 0 { result.insert(UInt16(index * 8 + bit)) }
            }
            return result
        }
    }
}

extension Substring {
    func trimmingSuffixWhitespace() -> Substring {
        var end = endIndex
        while end > startIndex, let last = self[..<end].last, last == " " || last == "\t" || last == "\r" {
            end = index(before: end)
        }
        return self[..<end]
    }
}
