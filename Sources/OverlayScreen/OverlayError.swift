/// Why the overlay cannot be shown: said to the user as it is.
public struct OverlayError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, in the user's terms.
    public var description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
