/// A point in time on a monotonic clock, in microseconds, as carried by input events.
///
/// The core never reads a clock: every timestamp comes from an input frame or from the
/// caller of ``GestureEngine/advance(to:)``.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Microseconds since an arbitrary, fixed origin (the kernel's monotonic clock for live input).
    public var microseconds: Int64

    /// Creates a timestamp from microseconds.
    @inlinable public init(microseconds: Int64) {
        self.microseconds = microseconds
    }

    /// Creates a timestamp from seconds, rounded to the nearest microsecond.
    @inlinable public init(seconds: Seconds) {
        microseconds = Int64((seconds * 1_000_000).rounded())
    }

    /// The timestamp as seconds.
    @inlinable public var seconds: Seconds { Double(microseconds) / 1_000_000 }

    /// Later by `seconds`, rounded to the nearest microsecond.
    @inlinable public static func + (lhs: Timestamp, rhs: Seconds) -> Timestamp {
        Timestamp(microseconds: lhs.microseconds + Int64((rhs * 1_000_000).rounded()))
    }

    /// The interval between two timestamps, in seconds.
    @inlinable public static func - (lhs: Timestamp, rhs: Timestamp) -> Seconds {
        Double(lhs.microseconds - rhs.microseconds) / 1_000_000
    }

    @inlinable public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.microseconds < rhs.microseconds
    }

    public var description: String { "\(seconds)s" }
}
