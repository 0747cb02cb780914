/// A configuration that cannot be used: which file, which line, what was wrong.
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's path as given (`<built-in>` for the default).
    public var file: String
    /// 1-based line, when the problem is on a line.
    public var line: Int?
    /// What was wrong.
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
