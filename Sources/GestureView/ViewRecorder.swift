import Evdev

/// The raw events of the devices `gesturectl view` records for its page (its Record button),
/// kept while a recording runs: the daemon's `recorded` events are handed in as they come.
public actor ViewRecorder {
    var events: [Int64: [InputEvent]] = [:]

    /// A recorder keeping nothing yet.
    public init() {}

    /// Starts keeping `device`'s events (what was kept before is dropped).
    public func start(_ device: Int64) {
        events[device] = []
    }

    /// Keeps `more` of `device`, when it is being recorded.
    public func take(_ device: Int64, _ more: [InputEvent]) {
        guard events[device] != nil else { return }
        events[device]!.append(contentsOf: more)
    }

    /// Stops keeping `device`'s events and gives them.
    public func stop(_ device: Int64) -> [InputEvent] {
        events.removeValue(forKey: device) ?? []
    }
}
