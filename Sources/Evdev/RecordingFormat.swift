/// The recording formats gestured reads.
public enum RecordingFormat: String, Hashable, Sendable {
    /// `libinput record` YAML, version 1.
    case libinputRecord = "libinput-record"
    /// `evemu-record` / `evemu-describe` text (with or without its device header).
    case evemu
    /// `evtest` output: its device header, then its `Event:` lines.
    case evtest
}
