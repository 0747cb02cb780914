/// Estimates a velocity from recent samples of a 2-D quantity (a centroid, or a scalar in `x`),
/// as the displacement over the most recent `window` seconds. Fixed storage: adding a sample
/// never allocates.
public struct VelocityEstimator: Sendable {
    /// One sample.
    struct Sample: Sendable {
        var time: Timestamp
        var x: Double
        var y: Double
    }

    /// Number of samples kept.
    static let capacity = 8

    var samples: SampleStorage
    var count = 0
    var newest = -1
    /// The oldest sample still inside the window, kept up to date as samples arrive.
    var tail = 0
    /// How far back samples count.
    public var window: Seconds
    /// The velocity as of the newest sample, worked out as it arrives (read once or more per
    /// frame; reading the samples from a getter copied all eight of them).
    public private(set) var velocity = Vector.zero

    /// Creates an estimator looking back `window` seconds.
    public init(window: Seconds) {
        self.window = window
        samples = SampleStorage(repeating: Sample(time: Timestamp(microseconds: 0), x: 0, y: 0))
    }

    /// Forgets all samples.
    public mutating func reset() {
        count = 0
        newest = -1
        tail = 0
        velocity = .zero
    }

    /// Records the value at `time`. A sample at the same time as the newest replaces it.
    public mutating func add(_ time: Timestamp, x: Double, y: Double = 0) {
        if count > 0, samples[newest].time == time {
            samples[newest] = Sample(time: time, x: x, y: y)
            velocity = measured()
            return
        }
        newest = newest + 1 == Self.capacity ? 0 : newest + 1
        samples[newest] = Sample(time: time, x: x, y: y)
        if count == Self.capacity {
            if tail == newest { tail = tail + 1 == Self.capacity ? 0 : tail + 1 }
        } else {
            count += 1
        }
        while tail != newest && time - samples[tail].time > window {
            tail = tail + 1 == Self.capacity ? 0 : tail + 1
        }
        velocity = measured()
    }

    /// The velocity (units per second) over the window ending at the newest sample; zero with
    /// fewer than two samples in the window.
    mutating func measured() -> Vector {
        guard count > 1 else { return .zero }
        let last = samples[newest]
        let oldest = samples[tail]
        let dt = last.time - oldest.time
        guard dt > 0 else { return .zero }
        return Vector(dx: (last.x - oldest.x) / dt, dy: (last.y - oldest.y) / dt)
    }
}
