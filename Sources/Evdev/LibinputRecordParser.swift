import GestureCore
import YAML

/// Reads `libinput record` files (YAML, version 1; see libinput-record(1)): every device's
/// `evdev:` description (`name`, `id`, `codes`, `absinfo`, `properties`) and its `events:`, of
/// which the `evdev:` frames (`[sec, usec, type, code, value]`) are read and `libinput:` blocks
/// skipped; the device's `udev: properties:` and `quirks:` lists and the machine's
/// `system: dmi:` are kept (quirks and orientation use them). Unknown keys are ignored, as the
/// format's readers are meant to.
public enum LibinputRecordParser {
    /// Reads a recording.
    public static func parse(_ text: String, file: String) throws -> Recording {
        // The events are scanned directly (fast, and most of the file); the rest is YAML.
        try parse(text, file: file, scanned: RecordEventsScanner.scan(text, file: file))
    }

    /// The reading without the scanner (for tests that compare the two).
    static func parseWithYAMLOnly(_ text: String, file: String) throws -> Recording {
        try parse(text, file: file, scanned: nil)
    }

    static func parse(_ text: String, file: String, scanned: RecordEventsScanner?) throws -> Recording {
        let root: YAMLNode
        do {
            guard let node = try YAMLSource.compose(scanned?.header ?? text) else {
                throw RecordingError(file: file, line: nil, "expected a `libinput record` YAML document, found an empty file")
            }
            root = node
        } catch let failure as YAMLSource.Failure {
            throw RecordingError(file: file, line: failure.line, failure.problem)
        }
        let reader = Reader(file: file, scanned: scanned?.blocks ?? [:])
        guard root.mapping != nil else { throw reader.error(root, "expected a mapping with `version: 1` and `devices:`") }
        guard let version = root["version"] else { throw reader.error(root, "expected `version: 1`") }
        guard version.int == 1 else {
            throw reader.error(version, "expected `version: 1` (the version this reader knows), found `\(version.string ?? "?")`")
        }
        guard let devices = root["devices"]?.sequence else { throw reader.error(root, "expected a `devices:` list") }
        let dmi = root["system"]?["dmi"]?.string
        var recorded = try devices.map(reader.device)
        // YAML drops comments: the states the descriptions give are read from the text, one per
        // device in order, and taken only when there is one for each.
        let states = describedStates(scanned?.header ?? text)
        if states.count == recorded.count {
            for index in recorded.indices { recorded[index].initialState = states[index] }
        }
        return Recording(format: .libinputRecord, devices: recorded, dmi: dmi?.isEmpty == false ? dmi : nil)
    }

    /// The state each device's `evdev:` description gives in its comments (`libinput record`
    /// writes `# Name: …`, then under every `Event code` of type `EV_ABS` the axis's `Value`),
    /// in file order: one entry per `# Name:` comment.
    static func describedStates(_ text: String) -> [DeviceState?] {
        var blocks: [[Substring]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let content = line.drop { $0 == " " || $0 == "\t" }
            guard content.first == "#" else { continue }
            if content.drop(while: { $0 == "#" || $0 == " " }).hasPrefix("Name:") { blocks.append([]) }
            if !blocks.isEmpty { blocks[blocks.count - 1].append(content) }
        }
        return blocks.map { DeviceState.described(by: $0) }
    }

    struct Reader {
        let file: String
        /// Events read by the scanner, by the line of their `events:` key.
        let scanned: [Int: RecordEventsScanner.Block]

        func error(_ node: YAMLNode, _ message: String) -> RecordingError {
            RecordingError(file: file, line: node.line, message)
        }

        func int(_ node: YAMLNode, _ what: String) throws -> Int {
            guard let value = node.int else { throw error(node, "expected \(what) (a whole number), found `\(node.string ?? "a collection")`") }
            return value
        }

        func ints(_ node: YAMLNode, _ what: String, count: Int? = nil) throws -> [Int] {
            guard let items = node.sequence else { throw error(node, "expected \(what) as a list of whole numbers") }
            let values = try items.map { try int($0, what) }
            if let count, values.count != count {
                throw error(node, "expected \(what) with \(count) numbers, found \(values.count)")
            }
            return values
        }

        func strings(_ node: YAMLNode, _ what: String) throws -> [String] {
            if case .scalar(let text, plain: true) = node.content, ["", "~", "null"].contains(text) { return [] }
            guard let items = node.sequence else { throw error(node, "expected \(what)") }
            return try items.map { item in
                guard let text = item.string else { throw error(item, "expected \(what)") }
                return text
            }
        }

        func device(_ node: YAMLNode) throws -> RecordedDevice {
            guard node.mapping != nil else { throw error(node, "expected a device with `evdev:` and `events:`") }
            guard let evdev = node["evdev"] else { throw error(node, "expected the device's `evdev:` description") }
            let description = try self.description(evdev)
            var events: [InputEvent] = []
            var lines: [Int] = []
            if let list = node["events"], let read = scanned[list.line] {
                events = read.events
                lines = read.lines
            } else if let list = node["events"] {
                guard let entries = list.sequence else { throw error(list, "expected `events:` to be a list") }
                for entry in entries {
                    guard let frame = entry["evdev"] else { continue }  // `libinput:` blocks and others
                    guard let items = frame.sequence else { throw error(frame, "expected a list of `[sec, usec, type, code, value]`") }
                    for item in items {
                        let values = try ints(item, "an event `[sec, usec, type, code, value]`", count: 5)
                        guard let type = UInt16(exactly: values[2]), let code = UInt16(exactly: values[3]),
                            let value = Int32(exactly: values[4]), values[1] >= 0, values[1] < 1_000_000
                        else { throw error(item, "expected an event `[sec, usec (0…999999), type, code, value]` in range") }
                        guard let time = Timestamp.checked(seconds: Int64(values[0]), microseconds: Int64(values[1])) else {
                            throw error(item, "expected an event time within ±292,000 years, found \(values[0]) s")
                        }
                        events.append(InputEvent(time: time, type: type, code: code, value: value))
                        lines.append(item.line)
                    }
                }
            }
            var udev: [String: String] = [:]
            if let list = node["udev"]?["properties"] {
                for line in try strings(list, "`udev: properties:` as a list of `KEY=value`") {
                    guard let equals = line.firstIndex(of: "=") else { continue }
                    udev[String(line[..<equals])] = String(line[line.index(after: equals)...])
                }
            }
            let quirks = try node["quirks"].map { DeviceQuirks(recorded: try strings($0, "`quirks:` as a list of `Key=value`")) }
            return RecordedDevice(
                node: node["node"]?.string, description: description, events: events, lines: lines, udevProperties: udev, quirks: quirks)
        }

        func description(_ node: YAMLNode) throws -> DeviceDescription {
            guard node.mapping != nil else { throw error(node, "expected `evdev:` to hold `name`, `codes`, `absinfo`, `properties`") }
            guard let name = node["name"]?.string else { throw error(node, "expected the device's `name:`") }
            var ids = [0, 0, 0, 0]
            if let id = node["id"] { ids = try ints(id, "`id: [bus, vendor, product, version]`", count: 4) }
            var codes: [UInt16: Set<UInt16>] = [:]
            if let map = node["codes"] {
                guard let pairs = map.mapping else { throw error(map, "expected `codes:` to map event types to code lists") }
                for (key, value) in pairs {
                    let type = UInt16(clamping: try int(key, "an event type"))
                    codes[type] = Set(try ints(value, "the codes of event type \(type)").map { UInt16(clamping: $0) })
                }
            }
            var absinfo: [UInt16: AbsInfo] = [:]
            if let map = node["absinfo"] {
                guard let pairs = map.mapping else { throw error(map, "expected `absinfo:` to map axis codes to `[min, max, fuzz, flat, resolution]`") }
                for (key, value) in pairs {
                    let code = UInt16(clamping: try int(key, "an axis code"))
                    let v = try ints(value, "`[min, max, fuzz, flat, resolution]` for axis \(code)", count: 5).map { Int32(clamping: $0) }
                    absinfo[code] = AbsInfo(minimum: v[0], maximum: v[1], fuzz: v[2], flat: v[3], resolution: v[4])
                }
            }
            var properties = Set<UInt16>()
            if let list = node["properties"] { properties = Set(try ints(list, "`properties:`").map { UInt16(clamping: $0) }) }
            return DeviceDescription(
                name: name, bus: UInt16(clamping: ids[0]), vendor: UInt16(clamping: ids[1]), product: UInt16(clamping: ids[2]),
                version: UInt16(clamping: ids[3]), properties: properties, codes: codes, absinfo: absinfo)
        }
    }
}
