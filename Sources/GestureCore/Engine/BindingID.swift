/// Names one attachment of a gesture to a target. Lives as long as the binding: instances come
/// and go inside it, like a `@StateObject` inside its view.
public struct BindingID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The engine's index; increases in attach order.
    public var rawValue: Int

    /// Wraps an index.
    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    public static func < (lhs: BindingID, rhs: BindingID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "binding\(rawValue)" }
}
