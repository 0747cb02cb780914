import Evdev
import GestureCore

/// Writes a device's events as a `libinput record` file (YAML, version 1): the file `gesturectl
/// record` saves, which `gesturectl replay`, `libinput replay` and the tests read. Times are
/// relative to the first event, a frame per `- evdev:` entry ending with its SYN_REPORT.
public struct RecordingWriter {
    /// The device.
    public var description: DeviceDescription
    /// Its udev properties (`ID_INPUT_TOUCHPAD=1`, …).
    public var udev: [String]
    /// Its node, for the header.
    public var node: String
    /// A line for the header comment: what, where, when.
    public var note: String

    /// A writer for `description`.
    public init(description: DeviceDescription, udev: [String], node: String = "/dev/input/event0", note: String = "") {
        self.description = description
        self.udev = udev
        self.node = node
        self.note = note
    }

    /// The whole file for `events` (in order; a trailing partial frame is left out).
    public func text(_ events: [InputEvent]) -> String {
        var out = "# libinput record\n"
        if !note.isEmpty { out += "# \(note)\n" }
        out += """
            version: 1
            ndevices: 1
            libinput:
              version: "1.22.1"
              git: "unknown"
            system:
              kernel: "recorded by gesturectl"
            devices:
            - node: \(node)
              evdev:
                # Name: \(description.name)
                name: \(Self.quoted(description.name))
                id: [\(description.bus), \(description.vendor), \(description.product), \(description.version)]
                codes:

            """
        for type in description.codes.keys.sorted() {
            out += "      \(type): [\(description.codes[type]!.sorted().map(String.init).joined(separator: ", "))]\n"
        }
        out += "    absinfo:\n"
        for code in description.absinfo.keys.sorted() {
            let info = description.absinfo[code]!
            out += "      \(code): [\(info.minimum), \(info.maximum), \(info.fuzz), \(info.flat), \(info.resolution)]\n"
        }
        out += "    properties: [\(description.properties.sorted().map(String.init).joined(separator: ", "))]\n"
        out += "  udev:\n    properties:\n"
        for property in udev { out += "    - \(property)\n" }
        out += "  events:\n"
        guard let first = events.first?.time else { return out }
        var frame = ""
        for event in events {
            let offset = max(0, event.time.microseconds - first.microseconds)
            frame += "      - [\(Self.pad(offset / 1_000_000, 3)), \(Self.pad(offset % 1_000_000, 6)), \(Self.pad(Int64(event.type), 2)), "
                + "\(Self.pad(Int64(event.code), 3)), \(Self.pad(Int64(event.value), 6))]"
            if event.type == EventCode.EV_SYN && event.code == EventCode.SYN_REPORT {
                out += "    - evdev:\n" + frame + " # SYN_REPORT\n"
                frame = ""
            } else {
                frame += "\n"
            }
        }
        return out
    }

    static func pad(_ number: Int64, _ width: Int) -> String {
        let text = String(number)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// A YAML double-quoted string.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += "\\x" + String(scalar.value, radix: 16).leftPadded(2)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
