/// What went wrong talking to the desktop: no socket, a refused command, a reply not understood.
public struct DesktopError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What happened, for people.
    public var message: String

    /// An error.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
