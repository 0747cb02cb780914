/// Why something of another tool's file has no equivalent (a reason for `not imported:`).
public struct ImportError: Error, Hashable, Sendable {
    /// The reason, for people.
    public var message: String

    /// An error.
    public init(_ message: String) {
        self.message = message
    }
}
