import GestureCore
import GesturePipeline
import NIOCore

/// Feeds a recording's frames into the hub as the daemon's input: as fast as possible in chunks
/// (letting clients' writes go out between chunks), or paced as recorded; once, or in a loop.
/// Lives on the hub's event loop; ``begin()`` and ``stop()`` may be called from anywhere.
public final class ReplayDriver: @unchecked Sendable {
    let hub: GestureHub
    let plan: ReplayPlan
    let realtime: Bool
    let repeats: Bool
    var index = 0
    /// The next of the plan's left-out touches to tell (``feed(_:)``).
    var leftOutIndex = 0
    var shift: Int64 = 0
    var wallStart = NIODeadline.now()
    var started = false
    var stopped = false
    /// Called once a single (non-looping) replay has played out.
    public var onFinished: (() -> Void)?
    /// ``begin()`` waits until this many subscriptions exist (0: starts at once).
    public var waitSubscribers = 0
    /// ``begin()`` found fewer subscriptions than it waits for: the next change may start it.
    var waiting = false
    /// Each device's udev properties, for a recording of it.
    var udev: [DeviceID: [String]] = [:]

    /// Frames fed per loop turn in fast mode.
    static let chunk = 256

    /// Prepares a replay of `plan` into `hub`.
    public init(hub: GestureHub, plan: ReplayPlan, realtime: Bool, repeats: Bool) {
        self.hub = hub
        self.plan = plan
        self.realtime = realtime
        self.repeats = repeats
    }

    /// Adds the plan's devices to the hub (call before clients connect); each can be recorded.
    public func addDevices() {
        for device in plan.devices { hub.addDevice(device.id, description: device.description) }
        for device in plan.devices { udev[device.id] = DeviceDescriptionJSON.udevProperties(for: device.description.kind) }
        hub.input = self
    }

    /// Feeds frame `i`: first the palms and thumbs left out up to its time, as live input tells
    /// them, and its raw events to whoever records its device.
    func feed(_ i: Int) {
        let frame = frame(i)
        while leftOutIndex < plan.leftOut.count, plan.leftOut[leftOutIndex].time.microseconds + shift <= frame.time.microseconds {
            let entry = plan.leftOut[leftOutIndex]
            hub.publishLeftOut(
                entry.device, Array(zip(entry.contacts, entry.reasons)).map { (contact: $0.0, reason: $0.1) },
                at: Timestamp(microseconds: entry.time.microseconds + shift))
            leftOutIndex += 1
        }
        if hub.isRecording(frame.device) {
            let raw = plan.frameEvents[i]
            hub.recorded(frame.device, raw.events.map { event in
                var event = event
                event.time.microseconds += raw.shift + shift
                return event
            }, startsFrame: true)
        }
        hub.feed(frame)
    }

    /// The clock that maps replay time to the loop's, for the hub's deadlines when pacing.
    public static func clock(start: NIODeadline) -> (Timestamp) -> NIODeadline {
        { time in start + .microseconds(max(0, time.microseconds)) }
    }

    /// Starts feeding: now, or once ``waitSubscribers`` subscriptions exist.
    public func begin() {
        hub.loop.execute { [self] in
            // Clients may have subscribed before this runs (the socket serves from the start).
            guard hub.subscriptionCount < waitSubscribers else { return start() }
            waiting = true
        }
    }

    /// Stops feeding (the frames fed so far stay fed).
    public func stop() {
        hub.loop.execute { [self] in stopped = true }
    }

    /// Starts feeding now (on the loop). A paced replay's clock starts here, for its frames and
    /// the engine's deadlines alike: a replay that waited for its subscribers (however long)
    /// gives every one of them the transcript `gesturectl replay` prints.
    public func start() {
        hub.loop.preconditionInEventLoop()
        guard !started else { return }
        started = true
        wallStart = NIODeadline.now()
        if realtime { hub.deadlineClock = Self.clock(start: wallStart) }
        step()
    }

    func frame(_ i: Int) -> TouchFrame {
        var frame = plan.frames[i]
        frame.time.microseconds += shift
        return frame
    }

    func step() {
        guard !stopped else { return }
        guard !plan.frames.isEmpty else { return finish() }
        if realtime {
            feed(index)
            index += 1
            if index == plan.frames.count { return lap() }
            let next = frame(index).time.microseconds
            hub.loop.scheduleTask(deadline: wallStart + .microseconds(next)) { self.step() }
        } else {
            let end = min(index + Self.chunk, plan.frames.count)
            while index < end {
                feed(index)
                index += 1
            }
            if index == plan.frames.count { return lap() }
            yieldToIO()
        }
    }

    /// Continues after the loop has polled its sockets: a chain of immediately due tasks keeps
    /// the loop from ever polling (measured: a client whose socket buffer filled was never
    /// written to again, and SIGTERM could not stop the replay), so each chunk waits 1 ms.
    /// That caps a fast replay at about 256 frames per millisecond.
    func yieldToIO() {
        hub.loop.scheduleTask(in: .milliseconds(1)) { self.step() }
    }

    func lap() {
        if realtime {
            // The deadlines left after the last frame fire at their time before the replay is
            // over, as `gesturectl replay` fires them (a tap that waited for a second one ends).
            if let next = hub.nextDeadline {
                hub.loop.scheduleTask(deadline: Self.clock(start: wallStart)(next)) { [self] in
                    guard !stopped else { return }
                    if hub.nextDeadline == next { hub.advance(to: next) }
                    lap()
                }
                return
            }
        } else {
            ReplayPlan.fireRemainingDeadlines(next: { hub.nextDeadline }, advance: hub.advance(to:))
        }
        guard repeats else { return finish() }
        shift += Int64(plan.duration * 1_000_000) + 1_000_000
        index = 0
        leftOutIndex = 0
        yieldToIO()
    }

    func finish() {
        onFinished?()
    }
}

/// A replay's devices can be recorded (as the recording describes them), and a replay that
/// waits for its subscribers starts with the N-th.
extension ReplayDriver: HubInput {
    public func recordable(_ device: DeviceID) -> [String]? { udev[device] }

    public func subscriptionsChanged(count: Int) {
        guard waiting, count >= waitSubscribers else { return }
        waiting = false
        start()
    }
}
