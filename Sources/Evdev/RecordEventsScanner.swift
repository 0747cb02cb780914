import GestureCore

/// Reads the `events:` lists of a `libinput record` file without a YAML parser: they are most
/// of a long recording, in a fixed shape (`- evdev:` followed by `- [sec, usec, type, code,
/// value]` lines), and composing them as YAML nodes took 12 s and 470 MB for a 15 MB file.
/// Everything else (the device descriptions) is left to the YAML parser, in a copy of the text
/// whose events are blanked out so that line numbers stay true.
///
/// When a block has any other shape (flow style, say), the scanner gives up and the whole file
/// goes through the YAML parser as before.
struct RecordEventsScanner {
    /// The file's text with each events list replaced by `events: []` and blank lines.
    var header: String
    /// The events of each list, by the 1-based line of its `events:` key.
    var blocks: [Int: Block]

    /// One `events:` list: its events and the line of each.
    struct Block {
        var events: [InputEvent]
        var lines: [Int]
    }

    /// Scans `text`; nil when an events list has a shape this scanner does not read.
    /// Throws for an event line it recognizes as one but cannot read.
    static func scan(_ text: String, file: String) throws -> RecordEventsScanner? {
        let bytes = Array(text.utf8)
        var lines: [Range<Int>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 10 {
            lines.append(start..<index)
            start = index + 1
        }
        if start < bytes.count { lines.append(start..<bytes.count) }

        var output: [UInt8] = []
        output.reserveCapacity(4096)
        var blocks: [Int: Block] = [:]
        var number = 0
        while number < lines.count {
            let line = bytes[lines[number]]
            let indent = Self.indent(line)
            let content = line.dropFirst(indent)
            guard Self.isKey(content, "events") else {
                output += line
                output.append(10)
                number += 1
                continue
            }
            let keyLine = number + 1
            output.append(contentsOf: line.prefix(indent))
            output.append(contentsOf: "events: []".utf8)
            output.append(10)
            number += 1
            var events: [InputEvent] = []
            var eventLines: [Int] = []
            var itemIndent: Int?
            var readingEvdev = false
            while number < lines.count {
                let line = bytes[lines[number]]
                let depth = Self.indent(line)
                let rest = line.dropFirst(depth)
                if rest.isEmpty || rest.first == UInt8(ascii: "#") {
                    output.append(10)
                    number += 1
                    continue
                }
                let isItem = rest.starts(with: [UInt8(ascii: "-"), UInt8(ascii: " ")]) || rest.elementsEqual([UInt8(ascii: "-")])
                if depth < indent || (depth == indent && !isItem) { break }  // the next key
                if itemIndent == nil { itemIndent = depth }
                if depth == itemIndent {
                    guard isItem else { return nil }
                    let entry = rest.dropFirst(2).drop { $0 == UInt8(ascii: " ") }
                    readingEvdev = Self.isKey(entry, "evdev")
                    // `- libinput:` and other entries are skipped with their nested lines; an
                    // entry that is not a `key:` line is a shape this scanner does not read.
                    if !readingEvdev, !Self.endsAsKey(entry) { return nil }
                } else if depth < itemIndent! {
                    return nil
                } else if readingEvdev {
                    guard isItem else { return nil }
                    events.append(try Self.event(rest.dropFirst(2), line: number + 1, file: file))
                    eventLines.append(number + 1)
                }
                output.append(10)
                number += 1
            }
            blocks[keyLine] = Block(events: events, lines: eventLines)
        }
        if bytes.last != 10, output.last == 10 { output.removeLast() }
        return RecordEventsScanner(header: String(decoding: output, as: UTF8.self), blocks: blocks)
    }

    static func indent(_ line: ArraySlice<UInt8>) -> Int {
        line.prefix { $0 == UInt8(ascii: " ") }.count
    }

    /// `name:` alone on the line (a comment may follow).
    static func isKey(_ content: ArraySlice<UInt8>, _ name: String) -> Bool {
        let key = Array((name + ":").utf8)
        guard content.starts(with: key) else { return false }
        let rest = content.dropFirst(key.count).drop { $0 == UInt8(ascii: " ") }
        return rest.isEmpty || rest.first == UInt8(ascii: "#")
    }

    /// A `key:` line opening a nested block.
    static func endsAsKey(_ content: ArraySlice<UInt8>) -> Bool {
        let text = content.prefix { $0 != UInt8(ascii: "#") }.reversed().drop { $0 == UInt8(ascii: " ") }
        return text.first == UInt8(ascii: ":")
    }

    /// A decimal integer with optional sign, padded with spaces.
    static func integer(_ field: ArraySlice<UInt8>) -> Int64? {
        var digits = field.drop { $0 == UInt8(ascii: " ") }
        while digits.last == UInt8(ascii: " ") { digits = digits.dropLast() }
        var negative = false
        if digits.first == UInt8(ascii: "-") {
            negative = true
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value: Int64 = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(digit - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }

    /// `[sec, usec, type, code, value]`, a comment allowed after it.
    static func event(_ text: ArraySlice<UInt8>, line: Int, file: String) throws -> InputEvent {
        let shape = "an event `[sec, usec, type, code, value]`"
        guard text.first == UInt8(ascii: "["), let close = text.firstIndex(of: UInt8(ascii: "]")) else {
            throw RecordingError(file: file, line: line, "expected \(shape)")
        }
        let fields = text[(text.startIndex + 1)..<close].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        var values: [Int64] = []
        values.reserveCapacity(5)
        for field in fields {
            guard let value = integer(field) else {
                throw RecordingError(file: file, line: line, "expected \(shape) (whole numbers), found `\(String(decoding: field, as: UTF8.self))`")
            }
            values.append(value)
        }
        guard values.count == 5 else { throw RecordingError(file: file, line: line, "expected \(shape) with 5 numbers, found \(values.count)") }
        let after = text[(close + 1)...].drop { $0 == UInt8(ascii: " ") }
        guard after.isEmpty || after.first == UInt8(ascii: "#") else { throw RecordingError(file: file, line: line, "expected \(shape)") }
        guard let type = UInt16(exactly: values[2]), let code = UInt16(exactly: values[3]), let value = Int32(exactly: values[4]),
            values[1] >= 0, values[1] < 1_000_000
        else { throw RecordingError(file: file, line: line, "expected an event `[sec, usec (0…999999), type, code, value]` in range") }
        guard let time = Timestamp.checked(seconds: values[0], microseconds: values[1]) else {
            throw RecordingError(file: file, line: line, "expected an event time within ±292,000 years, found \(values[0]) s")
        }
        return InputEvent(time: time, type: type, code: code, value: value)
    }
}
