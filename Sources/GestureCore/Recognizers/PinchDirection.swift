/// Which way a directional ``MagnifyGesture`` goes: decided by the spread's first change past
/// the threshold, as touchegg decides a pinch's direction from its first update.
public enum PinchDirection: String, Hashable, Sendable, CaseIterable {
    /// The fingers close: magnification below 1.
    case `in`
    /// The fingers spread: magnification above 1.
    case out

    /// Whether a magnification (1 = unchanged) lies on this direction's side.
    @inlinable @inline(__always)
    public func accepts(_ magnification: Double) -> Bool {
        self == .in ? magnification < 1 : magnification > 1
    }
}
