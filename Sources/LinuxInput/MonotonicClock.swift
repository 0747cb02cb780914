import GestureCore
import Posix

/// The kernel's monotonic clock, the one input event timestamps use. Only the live sources read
/// it (for events that carry no timestamp, such as device removal) and the daemon maps engine
/// deadlines through it; the core never does.
public enum MonotonicClock {
    /// Now, in microseconds of CLOCK_MONOTONIC.
    public static var now: Timestamp { Timestamp(microseconds: MonotonicTime.microseconds) }
}
