/// A quirks file libinput would refuse too: the file, the line and what was wrong.
public struct QuirksError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file (as given to the reader).
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// What was wrong.
    public var message: String

    /// Creates an error.
    public init(file: String, line: Int, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file):\(line): \(message)" }
}
