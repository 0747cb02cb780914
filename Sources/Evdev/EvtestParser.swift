import GestureCore

/// Reads `evtest` output, as users paste it into bug reports: the device's ids and name, every
/// supported type and code with each axis's value, min, max, fuzz, flat and resolution, the
/// properties, then `Event: time S.U, type T (NAME), code C (NAME), value V` lines, with
/// `-------------- SYN_REPORT ------------`, `++++++++++++++ SYN_MT_REPORT ++++++++++++` and
/// `>>>>>>>>>>>>>> SYN_DROPPED <<<<<<<<<<<<` for the sync events. The numbers in parentheses are
/// names and are not needed; what evtest prints around a capture (its device list, the prompt,
/// "Testing ...") is passed over. A malformed `Event:` or axis line is an error naming its line.
public enum EvtestParser {
    /// Reads a capture.
    public static func parse(_ text: String, file: String) throws -> Recording {
        var name: String?
        var ids: [UInt16] = [0, 0, 0, 0]
        var codes: [UInt16: Set<UInt16>] = [:]
        var absinfo: [UInt16: AbsInfo] = [:]
        var properties: Set<UInt16> = []
        var currentType: UInt16?
        var currentAxis: UInt16?
        var events: [InputEvent] = []
        var eventLines: [Int] = []
        // evtest prints "Testing ... (interrupt to exit)" after the header, before any event:
        // without it and without events, the capture was cut inside the header.
        var testing = false
        var lastLine = 0
        for (index, raw) in EvemuParser.lines(text).enumerated() {
            let line = index + 1
            let content = raw.trimmingSuffixWhitespace()
            let trimmed = content.drop { $0 == " " || $0 == "\t" }
            if !trimmed.isEmpty { lastLine = line }
            if trimmed.hasPrefix("Testing ...") { testing = true }
            func fail(_ expected: String) -> RecordingError {
                RecordingError(file: file, line: line, "expected \(expected), found `\(trimmed)`")
            }
            if trimmed.hasPrefix("Event: time ") || trimmed.hasPrefix(">>>>") {
                guard let event = event(trimmed) else {
                    throw fail("evtest's `Event: time <seconds>.<microseconds>, type <n> (<NAME>), code <n> (<NAME>), value <n>`")
                }
                events.append(event)
                eventLines.append(line)
            } else if trimmed.hasPrefix("Input device name: ") {
                var quoted = trimmed.dropFirst("Input device name: ".count)
                if quoted.hasPrefix("\""), quoted.hasSuffix("\""), quoted.count >= 2 { quoted = quoted.dropFirst().dropLast() }
                name = String(quoted)
            } else if trimmed.hasPrefix("Input device ID: ") {
                let fields = trimmed.split(separator: " ")
                let values = ["bus", "vendor", "product", "version"].map { key -> UInt16? in
                    guard let at = fields.firstIndex(of: Substring(key)), at + 1 < fields.count else { return nil }
                    return hex(fields[at + 1])
                }
                guard values.allSatisfy({ $0 != nil }) else { throw fail("`Input device ID: bus 0x… vendor 0x… product 0x… version 0x…`") }
                ids = values.map { $0! }
            } else if trimmed.hasPrefix("Event type ") {
                guard let type = number(after: "Event type ", in: trimmed).flatMap(UInt16.init(exactly:)) else { throw fail("`Event type <n> (<NAME>)`") }
                currentType = type
                currentAxis = nil
                if type != 0 { codes[type, default: []] = codes[type] ?? [] }
            } else if trimmed.hasPrefix("Event code ") {
                guard let type = currentType, let code = number(after: "Event code ", in: trimmed).flatMap(UInt16.init(exactly:)) else {
                    throw fail("`Event code <n> (<NAME>)` under an `Event type` line")
                }
                if type != 0 { codes[type, default: []].insert(code) }
                currentAxis = type == EventCode.EV_ABS ? code : nil
                if let axis = currentAxis { absinfo[axis] = absinfo[axis] ?? AbsInfo(minimum: 0, maximum: 0) }
            } else if let field = ["Value", "Min", "Max", "Fuzz", "Flat", "Resolution"].first(where: { trimmed.hasPrefix($0 + " ") }) {
                guard let axis = currentAxis, let value = number(after: field, in: trimmed) else {
                    throw fail("`\(field) <n>` under an absolute axis's `Event code` line")
                }
                switch field {
                case "Min": absinfo[axis]!.minimum = value
                case "Max": absinfo[axis]!.maximum = value
                case "Fuzz": absinfo[axis]!.fuzz = value
                case "Flat": absinfo[axis]!.flat = value
                case "Resolution": absinfo[axis]!.resolution = value
                default: break  // the axis's value when evtest started
                }
            } else if trimmed.hasPrefix("Property type ") {
                guard let property = number(after: "Property type ", in: trimmed).flatMap(UInt16.init(exactly:)) else {
                    throw fail("`Property type <n> (<NAME>)`")
                }
                properties.insert(property)
            }
            // Anything else is evtest's talk around the capture: its version, the device list,
            // the prompt, "Supported events:", "Properties:", "Testing ...".
        }
        guard let name else {
            throw RecordingError(file: file, line: nil, "expected evtest's device header (`Input device name: \"…\"` and `Supported events:`) before the events")
        }
        guard testing || !events.isEmpty else {
            throw RecordingError(
                file: file, line: lastLine,
                "the capture ends inside evtest's device header (no `Testing ... (interrupt to exit)` line, no events): copy evtest's whole output, from `Input driver version` to the last `Event:` line")
        }
        let description = DeviceDescription(
            name: name, bus: ids[0], vendor: ids[1], product: ids[2], version: ids[3], properties: properties, codes: codes, absinfo: absinfo)
        return Recording(format: .evtest, devices: [RecordedDevice(node: nil, description: description, events: events, lines: eventLines)])
    }

    /// One `Event:` line, or a SYN_DROPPED line (which some evtest versions print without a time).
    static func event(_ line: Substring) -> InputEvent? {
        var rest = line
        var time = Timestamp(microseconds: 0)
        if rest.hasPrefix("Event: time ") {
            rest = rest.dropFirst("Event: time ".count)
            guard let comma = rest.firstIndex(of: ","), let stamp = EvemuParser.timestamp(rest[..<comma]) else { return nil }
            time = stamp
            rest = rest[rest.index(after: comma)...].drop { $0 == " " }
        }
        let bare = rest.drop { $0 == "-" || $0 == "+" || $0 == ">" || $0 == " " }
        let markers: [(String, UInt16)] = [
            ("SYN_REPORT", EventCode.SYN_REPORT), ("SYN_MT_REPORT", EventCode.SYN_MT_REPORT), ("SYN_DROPPED", EventCode.SYN_DROPPED), ("SYN_CONFIG", 1),
        ]
        for (marker, code) in markers where bare.hasPrefix(marker + " ") || bare == marker {
            return InputEvent(time: time, type: EventCode.EV_SYN, code: code, value: 0)
        }
        guard rest.hasPrefix("type "), let type = number(after: "type ", in: rest).flatMap(UInt16.init(exactly:)),
            let codeRange = rest.firstRange(of: ", code "), let code = number(after: "", in: rest[codeRange.upperBound...]).flatMap(UInt16.init(exactly:)),
            let valueRange = rest.firstRange(of: ", value ")
        else { return nil }
        let valueText = rest[valueRange.upperBound...]
        // evtest prints MSC_RAW and MSC_SCAN values in hex.
        let hexValue = type == EventCode.EV_MSC && (code == 3 || code == 4)
        guard let value = hexValue ? Int32(valueText, radix: 16) ?? Int32(valueText) : Int32(valueText) else { return nil }
        return InputEvent(time: time, type: type, code: code, value: value)
    }

    /// The integer right after `prefix` (up to a space or a parenthesis).
    static func number(after prefix: String, in text: Substring) -> Int32? {
        guard text.hasPrefix(prefix) else { return nil }
        let digits = text.dropFirst(prefix.count).drop { $0 == " " }.prefix { $0 == "-" || $0.isNumber }
        return Int32(digits)
    }

    /// `0x1b96` → 0x1b96.
    static func hex(_ field: Substring) -> UInt16? {
        UInt16(field.hasPrefix("0x") ? field.dropFirst(2) : field, radix: 16)
    }
}
