/// Why the daemon could not start: what and where, in words a user can act on (the executable
/// prints it after `gestured: ` and exits 1).
public struct DaemonError: Error, CustomStringConvertible, Sendable {
    /// The message.
    public var description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
