import Logging
import Posix

/// Log lines for systemd's journal when stderr goes there (`$JOURNAL_STREAM` is set): each line
/// starts with its syslog priority, `<6>`, which journald reads as the entry's level, and
/// carries no timestamp of its own (the journal has one). Metadata follows as `key=value`.
public struct JournalLogHandler: LogHandler {
    /// The logger's label, printed before the message.
    public let label: String
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]

    /// Creates a handler for `label`.
    public init(label: String) {
        self.label = label
    }

    /// Whether stderr is connected to the journal.
    public static var stderrIsJournal: Bool { ProcessEnvironment.value("JOURNAL_STREAM") != nil }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// The syslog priority journald understands for a level.
    public static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    /// The line written for an entry (without the newline).
    public static func line(level: Logger.Level, label: String, message: String, metadata: Logger.Metadata) -> String {
        let extra = metadata.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        // One entry per line: a newline inside the message would start a new entry.
        let text = "\(message)".replacing("\n", with: " | ")
        return "<\(priority(level))>\(label): \(text)\(extra)"
    }

    public func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let text = Self.line(level: event.level, label: label, message: "\(event.message)", metadata: merged) + "\n"
        StandardError.write(text)
    }
}
