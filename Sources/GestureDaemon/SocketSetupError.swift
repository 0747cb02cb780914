/// The socket could not be set up as asked (a group that cannot be applied, a passed-in
/// descriptor that is no listening socket).
public struct SocketSetupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
