import GestureCore
@testable import GestureDaemon

/// A test's stand-in for the hub's input (``HubInput``): it records what the hub tells it, and
/// answers what it asks as the test sets. Attach it with `rig.hub.input = input` and keep it:
/// the hub holds its input weakly.
final class InputDouble: HubInput {
    /// Each deadline told, in order.
    var deadlines: [Timestamp?] = []
    /// Each time passed, in order.
    var advanced: [Timestamp] = []
    /// How many times consumption changed.
    var consumptionChanges = 0
    /// Each touchpad demand told (the first as the input attached).
    var touchpadDemands: [Bool] = []
    /// Each subscription count told.
    var subscriptionCounts: [Int] = []
    /// Each start (true) and stop of a recording.
    var recordings: [Bool] = []
    /// What `recordable` answers for every device (nil: no raw events).
    var udev: [String]?
    /// What `forwardingStall` answers.
    var stall: String?

    func deadlineChanged(to deadline: Timestamp?) { deadlines.append(deadline) }
    func advanced(to time: Timestamp) { advanced.append(time) }
    func consumptionChanged() { consumptionChanges += 1 }
    func touchpadDemandChanged(to wanted: Bool) { touchpadDemands.append(wanted) }
    func subscriptionsChanged(count: Int) { subscriptionCounts.append(count) }
    func recordable(_ device: DeviceID) -> [String]? { udev }
    func recordingChanged(_ device: DeviceID, on: Bool) { recordings.append(on) }
    func forwardingStall() -> String? { stall }
}
