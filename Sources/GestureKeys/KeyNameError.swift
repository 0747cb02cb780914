/// Why a key or button name cannot be typed: unknown, or not on the layout.
public struct KeyNameError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong, for people.
    public var message: String

    /// An error.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
