/// A live source that cannot start, with the reason.
public struct SourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
