import CLibevdev
import Evdev
import GestureCore
import GestureForwarding
import Glibc

/// What the daemon's reader needs of a node to forward it (docs/OWNERSHIP.md): the grab
/// (`EVIOCGRAB`: no other reader gets its events) and, as it ends, the values the desktop last
/// read written back; and the node's reads split frame by frame, each decoded, so that the
/// reader can have the engine recognize it, the forwarder decide it and the twin receive it, in
/// that order, with nothing calling back.
extension EvdevTouchSource {
    /// Whether the device has a contact down now, as the decoder knows it (a grab waits for none).
    public var hasContactDown: Bool { decoder.state.hasContactDown }

    /// Grabs the node; returns its state as the grab began (what the desktop last read of it).
    /// Throws a ``SourceError`` when another program holds a grab on it.
    public func grab() throws -> DeviceState {
        let rc = libevdev_grab(evdev, LIBEVDEV_GRAB)
        guard rc == 0 else {
            throw SourceError(rc == -EBUSY
                ? "\(path) is grabbed by another program (EBUSY): gestured cannot take touches from the desktop on it"
                : "cannot grab \(path): \(String(cString: strerror(-rc)))")
        }
        return Self.readState(fd: fd) ?? decoder.state
    }

    /// Ends the grab: the kernel's state of the node is first written back to `seen`, what the
    /// desktop last read of it (``DeviceState/restoring(_:fuzz:at:)``). Returns what became of it.
    @discardableResult
    public func ungrab(restoring seen: DeviceState, at time: Timestamp) -> StateWriteBack {
        let writeBack = restore(seen, at: time)
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

    /// The next frame of a grabbed node's read, decoded as ``take(_:into:)`` decodes: the records
    /// from `offset` up to and including the next SYN_REPORT are appended to `events` (the frame
    /// may have begun in an earlier read, whose part `events` still holds) and decoded into
    /// `frames` (emptied first); `offset` moves past them. Nil when the read is used up.
    public func nextFrame(in bytes: UnsafeRawBufferPointer, at offset: inout Int, events: inout [InputEvent], frames: inout [TouchFrame]) -> ForwardedRead? {
        let size = Self.recordSize
        guard offset + size <= bytes.count else { return nil }
        let start = offset
        frames.removeAll(keepingCapacity: true)
        while offset + size <= bytes.count {
            let record = bytes.loadUnaligned(fromByteOffset: offset, as: input_event.self)
            offset += size
            guard record.type == UInt16(EventCode.EV_SYN), record.code == EventCode.SYN_REPORT || record.code == EventCode.SYN_DROPPED else {
                events.append(Self.event(record))
                continue
            }
            let resynchronized = resynchronizations
            take(UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), into: &frames)
            if resynchronizations != resynchronized, let state = stateAfterLoss {
                // The rest of the records were discarded with what the node held.
                events.removeAll(keepingCapacity: true)
                offset = bytes.count
                return .lost(state, Self.event(record).time)
            }
            events.append(Self.event(record))
            return .frame
        }
        // A frame the read cut: the decoder keeps its part until the rest comes.
        take(UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), into: &frames)
        return .partial
    }
}

/// A grabbed node's reads are split and decoded by its source (``EvdevTouchSource/nextFrame(in:at:events:frames:)``).
extension EvdevTouchSource: FrameSplitter {}
