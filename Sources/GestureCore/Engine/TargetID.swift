/// Names a target: a device's root surface or a region nested in it.
public struct TargetID: Hashable, Sendable, CustomStringConvertible {
    /// The engine's index.
    public var rawValue: Int

    /// Wraps an index.
    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    public var description: String { "target\(rawValue)" }
}
