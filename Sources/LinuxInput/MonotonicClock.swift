import GestureCore
import Glibc

/// The kernel's monotonic clock, the one input event timestamps use. Only the live sources read
/// it (for events that carry no timestamp, such as device removal) and the daemon maps engine
/// deadlines through it; the core never does.
public enum MonotonicClock {
    /// Now, in microseconds of CLOCK_MONOTONIC.
    public static var now: Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Timestamp(microseconds: Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1_000)
    }
}
