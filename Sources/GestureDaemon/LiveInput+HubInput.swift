import Evdev
import GestureCore
import GesturePipeline
import Glibc
import LinuxInput

/// What the hub tells live input, and asks of it (on the loop).
extension LiveInput: HubInput {
    /// The input thread fires the hub's deadlines in order with the frames: it is woken to poll
    /// with the new timeout.
    public func deadlineChanged(to next: Timestamp?) {
        deadline.withLockedValue { $0 = next }
        wakeInputThread()
    }

    /// libinput reads touchpads only while a subscription takes its own touchpad gestures;
    /// only the input thread may touch libinput, so it is woken to apply it.
    public func touchpadDemandChanged(to wanted: Bool) {
        touchpadDemand.withLockedValue { $0 = wanted }
        wakeInputThread()
    }

    /// Grabs the nodes that now have a gesture that consumes, and gives back the others (each
    /// when no finger is down).
    public func consumptionChanged() {
        for (id, reader) in readers {
            reader.wantsForwarding = hub.consumes(id)
            reader.considerForwarding()
        }
    }

    /// Time passed: each grabbed node's forwarder lets go what it held until now.
    public func advanced(to time: Timestamp) {
        for reader in readers.values { reader.advanced(to: time) }
    }

    /// A grabbed node with events waiting that nobody read for a second, said.
    public func forwardingStall() -> String? {
        let now = MonotonicClock.now
        return readers.values.lazy.compactMap { $0.stall(now: now, limit: 1) }.first
    }

    /// A node read here can be recorded; its udev properties a recording keeps (`ID_INPUT_*`,
    /// `LIBINPUT_*`, or those its kind implies).
    public func recordable(_ id: DeviceID) -> [String]? {
        guard let reader = readers[id] else { return nil }
        let kept = reader.udevProperties.filter { $0.key.hasPrefix("ID_INPUT") || $0.key.hasPrefix("LIBINPUT_") }
        return kept.isEmpty
            ? DeviceDescriptionJSON.udevProperties(for: reader.source.description.kind) : kept.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }

    /// While someone records the node, its records go to the hub as they are read.
    public func recordingChanged(_ id: DeviceID, on: Bool) {
        guard let reader = readers[id] else { return }
        guard on else { return reader.source.onRecords = nil }
        // Whether the next run of records starts a frame: the last one read ended one.
        var startsFrame = reader.source.endedFrame
        reader.source.onRecords = { [hub] bytes in
            let events = EvdevTouchSource.events(bytes)
            hub.recorded(id, events, startsFrame: startsFrame)
            if let last = events.last { startsFrame = last.type == EventCode.EV_SYN && last.code == EventCode.SYN_REPORT }
        }
    }

    /// One byte down the wake-up pipe (non-blocking: when it is full, a wake-up is pending).
    func wakeInputThread() {
        var one: UInt8 = 1
        _ = write(wake.write, &one, 1)
    }
}
