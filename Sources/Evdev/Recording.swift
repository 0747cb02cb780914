/// A recorded touch session: every device in the file with its description and events.
public struct Recording: Hashable, Sendable {
    /// The file's format.
    public var format: RecordingFormat
    /// The devices, in file order.
    public var devices: [RecordedDevice]
    /// The recording machine's DMI modalias (`libinput record`'s `system: dmi:`), when the
    /// file says: quirks that match machines are matched against it, never the replaying one's.
    public var dmi: String?

    /// Creates a recording.
    public init(format: RecordingFormat, devices: [RecordedDevice], dmi: String? = nil) {
        self.format = format
        self.devices = devices
        self.dmi = dmi
    }

    /// Reads a recording of either format, detected from the content. An evemu file without its
    /// device header (the old split form) needs `description`, the text of its `.desc` file.
    public static func read(_ text: String, file: String, description: (text: String, file: String)? = nil) throws -> Recording {
        switch detectFormat(text) {
        case .evemu?:
            let header = try description.map { try EvemuParser.parseDescription($0.text, file: $0.file) }
            return try EvemuParser.parse(text, file: file, description: header)
        case .libinputRecord?:
            return try LibinputRecordParser.parse(text, file: file)
        case .evtest?:
            return try EvtestParser.parse(text, file: file)
        case nil:
            throw RecordingError(
                file: file, line: nil,
                "expected a `libinput record` YAML file, an evemu recording (lines starting N:, I:, P:, B:, A: or E:) or evtest output (`Input device name: \"…\"`, then `Event: time …` lines)")
        }
    }

    /// The format of `text`: evemu when the first line that is not blank or a comment starts
    /// with an evemu tag, libinput-record when the file is YAML with a `version:` key, evtest
    /// when it starts as evtest's output does.
    public static func detectFormat(_ text: String) -> RecordingFormat? {
        // Line by line from the start (not splitting the whole file: only the first lines matter).
        var rest = text[...]
        while !rest.isEmpty {
            let end = rest.firstIndex(of: "\n") ?? rest.endIndex
            let line = rest[..<end]
            rest = end < rest.endIndex ? rest[rest.index(after: end)...] : ""
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if let tag = trimmed.first, "NIPBAELS".contains(tag), trimmed.dropFirst().first == ":" { return .evemu }
            if trimmed.hasPrefix("version:") || trimmed.hasPrefix("---") || trimmed.hasPrefix("ndevices:") { return .libinputRecord }
            // evtest's first lines: its scan of the devices, or its header.
            for start in ["Input driver version is", "Input device ID:", "Input device name:", "No device specified", "Available devices:", "/dev/input/event"]
            where trimmed.hasPrefix(start) {
                return .evtest
            }
            return nil
        }
        return nil
    }
}
