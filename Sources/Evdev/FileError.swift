/// A file gestured cannot use (a recording, a configuration): which file, which line, and what
/// was expected.
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's path as given.
    public var file: String
    /// 1-based line number, when the problem is on a line.
    public var line: Int?
    /// What was wrong, phrased as what was expected.
    public var message: String

    /// Creates an error.
    public init(file: String, line: Int?, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}

/// A recording that cannot be read.
public typealias RecordingError = FileError
