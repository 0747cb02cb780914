/// A recording that cannot be read: which file, which line, what was expected.
public struct RecordingError: Error, Hashable, Sendable, CustomStringConvertible {
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
