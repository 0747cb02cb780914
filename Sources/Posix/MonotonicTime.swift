import Glibc

/// CLOCK_MONOTONIC, for programs that pace or time things without the engine's `Timestamp`
/// (gesturectl; LinuxInput's `MonotonicClock` gives the same clock as a `Timestamp`).
public enum MonotonicTime {
    /// Now, in microseconds.
    public static var microseconds: Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1_000
    }

    /// Now, in seconds.
    public static var seconds: Double { Double(microseconds) / 1_000_000 }
}
