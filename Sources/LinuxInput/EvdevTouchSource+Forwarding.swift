import CLibevdev
import Evdev
import GestureCore
import Glibc

/// Forwarding (docs/OWNERSHIP.md): while a gesture on the device consumes, the node is grabbed
/// (`EVIOCGRAB`: no other reader gets its events) and every frame goes to a ``TouchTwin`` as
/// the ``TouchForwarder`` decides, after the engine recognized it.
extension EvdevTouchSource {
    /// Whether the node is grabbed and forwarded.
    public var isForwarding: Bool { forwarding != nil }

    /// The twin's node, while forwarding.
    public var twinNode: String? { forwarding?.twin.node }

    /// Whether the device has a contact down now, as the decoder knows it (a grab waits for none).
    public var hasContactDown: Bool { decoder.state.hasContactDown }

    /// Grabs the node and starts forwarding to `twin` (made from this source). Throws a
    /// ``SourceError`` when another program holds a grab on it.
    public func startForwarding(twin: TouchTwin, decisionWindow: Seconds) throws {
        guard forwarding == nil else { return }
        let rc = libevdev_grab(evdev, LIBEVDEV_GRAB)
        guard rc == 0 else {
            throw SourceError(rc == -EBUSY
                ? "\(path) is grabbed by another program (EBUSY): gestured cannot take touches from the desktop on it"
                : "cannot grab \(path): \(String(cString: strerror(-rc)))")
        }
        let state = Self.readState(fd: fd) ?? decoder.state
        let forwarder = TouchForwarder(
            description: description, state: state, twin: DeviceState(), decisionWindow: decisionWindow, cancelsWithPalm: twin.hasToolType)
        forwarding = TouchForwarding(twin: twin, forwarder: forwarder, seen: state)
    }

    /// Ends forwarding: everything down on the twin comes up, the twin goes away, the kernel's
    /// state of the node is written back to what the desktop last read of it (the state as the
    /// grab began, ``DeviceState/restoring(_:fuzz:at:)``), and the grab ends. Returns what
    /// became of that state.
    @discardableResult
    public func stopForwarding(at time: Timestamp) -> StateWriteBack {
        guard let forwarding else { return .unchanged }
        forwarding.out.removeAll(keepingCapacity: true)
        forwarding.forwarder.release(at: time, into: &forwarding.out)
        try? forwarding.twin.write(forwarding.out)
        self.forwarding = nil
        let writeBack = restore(forwarding.seen, at: time)
        _ = libevdev_grab(evdev, LIBEVDEV_UNGRAB)
        return writeBack
    }

    /// What a failed write-back means for the desktop, said with the failure.
    static let staleDesktop = "the desktop may put its first touch after the grab where its last touch before the grab was"

    /// Writes into the still grabbed node what brings the kernel's state back to `seen`: the
    /// events reach only this reader (and pass through the decoder as values of slots with no
    /// contact), and the desktop's next touch carries every axis that differs from what it read.
    func restore(_ seen: DeviceState, at time: Timestamp) -> StateWriteBack {
        var handle: OpaquePointer?
        guard libevdev_new_from_fd(fd, &handle) == 0, let handle else { return .unchanged }
        defer { libevdev_free(handle) }
        var fuzz: [UInt16: Int32] = [:]
        for code in 0...UInt32(EventCode.ABS_MT_LAST) where libevdev_has_event_code(handle, UInt32(EventCode.EV_ABS), code) != 0 {
            fuzz[UInt16(code)] = libevdev_get_abs_fuzz(handle, code)
        }
        let now = Self.readState(handle)
        let events = now.restoring(seen, fuzz: fuzz, at: time)
        guard !events.isEmpty else { return .unchanged }
        let writer = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard writer >= 0 else {
            return .failed("cannot write its state back into \(path) (\(String(cString: strerror(errno)))): \(Self.staleDesktop)")
        }
        defer { close(writer) }
        let records = events.map { input_event(time: timeval(), type: $0.type, code: $0.code, value: $0.value) }
        let written = records.withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count) }
        guard written == records.count * Self.recordSize else {
            return .failed("writing its state back into \(path) failed (\(String(cString: strerror(errno)))): \(Self.staleDesktop)")
        }
        return .written(values: now.restorableDifferences(from: seen))
    }

    /// How long a contact a consuming gesture may claim is held back (the configuration's
    /// `decisionWindow:`, which a reload may change).
    public func setDecisionWindow(_ window: Seconds) {
        guard let forwarding, forwarding.forwarder.decisionWindow != window else { return }
        forwarding.forwarder.decisionWindow = window
    }

    /// When a held contact is let go if nothing decides first.
    public var forwardingDeadline: Timestamp? { forwarding?.forwarder.nextDeadline }

    /// Whether the twin shows nothing down (forwarding may stop without cutting a touch).
    public var twinIsNeutral: Bool { forwarding?.forwarder.twinIsNeutral ?? true }

    /// Reads raw records as ``take(_:into:)`` does, a frame at a time: each frame is decoded and
    /// handed to `recognize` (the engine), then its events go to the twin as `owner` now
    /// judges its contacts. Throws when the twin refuses events.
    public func forward(_ bytes: UnsafeRawBufferPointer, owner: some TouchOwnership, recognize: ([TouchFrame]) -> Void) throws {
        guard let forwarding else { return }
        let size = Self.recordSize
        var start = 0
        var offset = 0
        while offset + size <= bytes.count {
            let record = bytes.loadUnaligned(fromByteOffset: offset, as: input_event.self)
            offset += size
            guard record.type == UInt16(EventCode.EV_SYN), record.code == EventCode.SYN_REPORT || record.code == EventCode.SYN_DROPPED else {
                forwarding.frame.append(Self.event(record))
                continue
            }
            forwarding.frames.removeAll(keepingCapacity: true)
            let resynchronized = resynchronizations
            take(UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), into: &forwarding.frames)
            start = offset
            if !forwarding.frames.isEmpty { recognize(forwarding.frames) }
            forwarding.out.removeAll(keepingCapacity: true)
            if resynchronizations != resynchronized, let state = stateAfterLoss {
                // The rest of the records were discarded with what the node held.
                forwarding.frame.removeAll(keepingCapacity: true)
                forwarding.forwarder.resynchronize(to: state, at: Self.event(record).time, owner: owner, into: &forwarding.out)
                try forwarding.twin.write(forwarding.out)
                return
            }
            forwarding.frame.append(Self.event(record))
            forwarding.forwarder.forward(forwarding.frame, owner: owner, into: &forwarding.out)
            forwarding.frame.removeAll(keepingCapacity: true)
            try forwarding.twin.write(forwarding.out)
        }
        if start < offset {
            // A frame the read cut: the decoder keeps its part until the rest comes.
            forwarding.frames.removeAll(keepingCapacity: true)
            take(UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), into: &forwarding.frames)
            if !forwarding.frames.isEmpty { recognize(forwarding.frames) }
        }
    }

    /// Reads every pending record from the node (non-blocking) and hands each run to `body`;
    /// returns whether the device is gone.
    public func readRecords(_ body: (UnsafeRawBufferPointer) -> Void) -> Bool {
        withUnsafeTemporaryAllocation(byteCount: Self.recordSize * 64, alignment: 8) { buffer in
            while true {
                let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
                if count > 0 {
                    body(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                    continue
                }
                if count < 0 && errno == EINTR { continue }
                return !(count < 0 && errno == EAGAIN)
            }
        }
    }

    /// Lets time pass for held contacts (their window, or a verdict that came with time: a
    /// long press that began while the finger rested).
    public func advanceForwarding(to time: Timestamp, owner: some TouchOwnership) throws {
        guard let forwarding else { return }
        forwarding.out.removeAll(keepingCapacity: true)
        forwarding.forwarder.advance(to: time, owner: owner, into: &forwarding.out)
        try forwarding.twin.write(forwarding.out)
    }
}
