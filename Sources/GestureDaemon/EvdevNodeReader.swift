import Descriptors
import GestureCore
import GestureForwarding
import Glibc
import LinuxInput
import NIOCore

/// A touch device's node read on the event loop: its records decoded and fed to the hub where
/// they arrive, one wake-up per frame (the loop's), with no hop from another thread. The node is
/// watched as every descriptor of the daemon is (``DescriptorReader``), on a duplicate of the
/// source's descriptor; the source keeps its own, which ``drain()`` reads directly when the
/// loop must not wait for the next wake-up (before a deadline fires). Loop-confined.
public final class EvdevNodeReader: @unchecked Sendable {
    let source: EvdevTouchSource
    let hub: GestureHub
    /// Told once when the node goes away (the reader is then done).
    let onGone: (DeviceID) -> Void
    var channel: (any Channel)?
    /// Closed on purpose (libinput removed the device first, or input stopped): no removal of its own.
    var closing = false
    var gone = false
    /// Frames of one read, reused.
    var frames: [TouchFrame] = []
    /// When a loss of events was last logged, and how many came since without a word.
    var lastLossSaid: Timestamp?
    var lossesUnsaid = 0
    /// The device's udev properties (its twin restores the fuzz udev moved out of the kernel).
    var udevProperties: [String: String] = [:]
    /// A gesture on the device consumes: grab and forward once no finger is down (and stop, once
    /// none is, when no gesture consumes any more).
    var wantsForwarding = false
    /// The forwarder's next deadline, as last told the hub (``armForwarding()``).
    var forwardDue: Timestamp?
    /// When the node was last read while forwarding (the watchdog's proof that it moves).
    var lastRead = Timestamp(microseconds: 0)
    /// The grab, the twin and the forwarder, while the desktop reads the twin instead of the node.
    var forwarding: NodeForwarding?
    /// Whether the node is grabbed and forwarded.
    var isForwarding: Bool { forwarding != nil }

    init(source: EvdevTouchSource, hub: GestureHub, onGone: @escaping (DeviceID) -> Void) {
        self.source = source
        self.hub = hub
        self.onGone = onGone
        frames.reserveCapacity(8)
    }

    /// Starts watching the node on `hub.loop` (call it there); a failed future when it cannot
    /// (said by the caller). Public for `path-profile`, which reads a stand-in node through it.
    public static func start(_ source: EvdevTouchSource, hub: GestureHub, onGone: @escaping (DeviceID) -> Void) -> EventLoopFuture<EvdevNodeReader> {
        let reader = EvdevNodeReader(source: source, hub: hub, onGone: onGone)
        let copy = dup(source.fileDescriptor)
        guard copy >= 0 else {
            return hub.loop.makeFailedFuture(SourceError("cannot duplicate \(source.path)'s descriptor: \(String(cString: strerror(errno)))"))
        }
        // Whole `input_event` records: the kernel returns only those, and no read is smaller.
        // One read per wake-up; more than the buffer holds wakes the loop again.
        let capacity = EvdevTouchSource.recordSize * 170
        // ENODEV (unplugged) or the channel closing: the gestures fail with deviceRemoved, not
        // the decoder's cancellations.
        return DescriptorReader.start(device: copy, on: hub.loop, capacity: capacity, ended: { reader.nodeGone() }) { reader.received($0) }
            .flatMapError { error in
                close(copy)
                return hub.loop.makeFailedFuture(error)
            }
            .map { channel in
                reader.channel = channel
                return reader
            }
    }

    /// One read of the node, on the loop.
    func received(_ buffer: ByteBuffer) {
        let resynchronized = source.resynchronizations
        if isForwarding {
            buffer.withUnsafeReadableBytes { forward($0) }
        } else {
            frames.removeAll(keepingCapacity: true)
            buffer.withUnsafeReadableBytes { source.take($0, into: &frames) }
            if !frames.isEmpty { hub.feed(frames) }
        }
        if source.resynchronizations != resynchronized { lost() }
        if wantsForwarding != isForwarding { considerForwarding() }
        publishLeftOut()
    }

    /// Tells the hub the palms and thumbs the decoder leaves out now (for a live view; the hub
    /// says only changes, and nothing while nobody takes touches).
    func publishLeftOut() {
        let now = source.leftOut
        guard !now.isEmpty || hub.hasShownLeftOut(of: source.device) else { return }
        hub.publishLeftOut(source.device, now, at: hub.now)
    }

    /// Says that the kernel dropped events (SYN_DROPPED): the reader fell behind the device. At
    /// most once a minute per device, as libinput limits its own message: a machine that keeps
    /// falling behind says so, and how often, without filling the journal.
    func lost() {
        let now = MonotonicClock.now
        if let last = lastLossSaid, now.microseconds - last.microseconds < 60_000_000 {
            lossesUnsaid += 1
            return
        }
        let more = lossesUnsaid > 0 ? " (\(lossesUnsaid) more time\(lossesUnsaid == 1 ? "" : "s") in the minute before)" : ""
        hub.logger.info("\(source.description.name): the kernel dropped events (SYN_DROPPED); touches down were cancelled and the device's state read again\(more)")
        lastLossSaid = now
        lossesUnsaid = 0
    }

    /// Reads what the kernel holds now, before time moves on.
    func drain() {
        guard !gone, !closing else { return }
        let resynchronized = source.resynchronizations
        if isForwarding {
            let gone = source.readRecords { forward($0) }
            if source.resynchronizations != resynchronized { lost() }
            if gone { nodeGone() } else { publishLeftOut() }
            return
        }
        let result = source.read()
        if source.resynchronizations != resynchronized { lost() }
        if result.removed {
            nodeGone()
        } else if !result.frames.isEmpty {
            hub.feed(result.frames)
            publishLeftOut()
        }
    }

    /// Stops watching (the device was removed through libinput, or input stopped).
    func stop() {
        closing = true
        endForwarding()
        channel?.close(promise: nil)
    }

    func nodeGone() {
        guard !gone, !closing else { return }
        gone = true
        endForwarding()
        hub.removeDevice(source.device, at: MonotonicClock.now)
        onGone(source.device)
    }
}
