/// A page's request refused with an HTTP status of its own: 409 for a save from a page that
/// read the file before it changed on disk, 404 for nothing to undo.
public struct ViewRefusal: Error, Equatable, CustomStringConvertible {
    /// The HTTP status (409, 404, …).
    public var status: Int
    /// Why, in the page's words.
    public var reason: String
    public var description: String { reason }

    /// A refusal with `status` saying `reason`.
    public init(status: Int, _ reason: String) {
        self.status = status
        self.reason = reason
    }
}
