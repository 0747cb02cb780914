/// Which gestures an attachment enables, like SwiftUI's `GestureMask`.
public struct GestureMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The attached gesture itself.
    public static let gesture = GestureMask(rawValue: 1)
    /// Gestures attached to targets nested inside this one.
    public static let subviews = GestureMask(rawValue: 2)
    /// Both (the default).
    public static let all: GestureMask = [.gesture, .subviews]
    /// Neither.
    public static let none: GestureMask = []
}
