import CLibevdev
import Evdev
import GestureCore
import Glibc

/// A touch device's node read by gestured itself: a touchpad's raw fingers, which libinput never
/// shows, and a touchscreen's touches (libinput then suspended for it). The node is opened
/// read-only and without grabbing, described through libevdev (which also switches its clock
/// to CLOCK_MONOTONIC), its `input_event` records decoded by the ``MultitouchDecoder`` as a
/// recording's are — read here (``read()``) or by whoever watches ``fileDescriptor`` (the
/// daemon's event loop, ``take(_:into:)``). The decoder starts from the device's state as the
/// kernel holds it (``DeviceState``, read through libevdev: every slot's axes, the current
/// slot, the other axes, the keys) when the node is opened, and again after a SYN_DROPPED —
/// one mechanism, ``readState(_:)``: touches already down are held over, and the next touch
/// in a slot starts from the slot's real axes even when the kernel omits one that kept its
/// value. Used by one thread at a time: the daemon opens it on its input thread and then reads
/// it only on its event loop.
public final class EvdevTouchSource: @unchecked Sendable {
    /// The size of one `input_event` record as read() gives it.
    public static let recordSize = MultitouchDecoder.recordSize

    /// The device id the frames carry.
    public let device: DeviceID
    /// The node.
    public let path: String
    /// What the device says about itself.
    public let description: DeviceDescription
    let fd: Int32
    let evdev: OpaquePointer
    var decoder: MultitouchDecoder

    /// The palm and thumb rules in force (libinput's, with the device's quirks).
    public private(set) var rules: TouchpadRules?

    /// Opens `path`; throws an ``InputAccessError`` that says which group is needed when the
    /// node may not be read. `rules` makes the palm and thumb rules from what the node says
    /// about itself, with the device's quirks (and may complete the description from them, as
    /// libinput does with `AttrSizeHint`); without it, libinput's defaults apply.
    public init(path: String, device: DeviceID, rules: ((inout DeviceDescription) -> TouchpadRules?)? = nil) throws {
        precondition(MemoryLayout<input_event>.stride == Self.recordSize, "input_event is not 24 bytes: not a 64-bit Linux")
        self.path = path
        self.device = device
        fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw InputAccessError(path: path, code: errno) }
        var handle: OpaquePointer?
        let rc = libevdev_new_from_fd(fd, &handle)
        guard rc == 0, let handle else {
            close(fd)
            throw SourceError("libevdev cannot read \(path): \(String(cString: strerror(-rc)))")
        }
        evdev = handle
        // Timestamps on libinput's clock (and the engine's), not the evdev default of wall time.
        _ = libevdev_set_clock_id(handle, CLOCK_MONOTONIC)
        var described = Self.describe(handle)
        self.rules = rules?(&described) ?? nil
        description = described
        decoder = MultitouchDecoder(device: device, description: description, touchpad: self.rules)
        // libevdev read the kernel's state as it opened the node; events after that are queued
        // on this descriptor and apply on top of it.
        initialState = Self.readState(handle)
        _ = decoder.restart(from: initialState, at: Timestamp(microseconds: 0))
    }

    /// A source whose records come from `descriptor` — a pipe or a socket standing in for a
    /// node, fed with `input_event` records — for a device described by `description`, all its
    /// contacts up: what `make bench-path` reads through the daemon's real path with no device
    /// (issue 52). Its libevdev is made from the description (no ioctl reaches `descriptor`),
    /// and owns nothing of it; the source closes `descriptor` when it goes.
    public init(standIn descriptor: Int32, description: DeviceDescription, device: DeviceID, rules: TouchpadRules? = nil) throws {
        guard let handle = libevdev_new() else { throw SourceError("libevdev cannot make a device") }
        path = "stand-in"
        self.device = device
        fd = descriptor
        evdev = handle
        libevdev_set_name(handle, description.name)
        libevdev_set_id_bustype(handle, Int32(description.bus))
        var codes = description.codes
        for code in description.absinfo.keys { codes[EventCode.EV_ABS, default: []].insert(code) }
        for (type, set) in codes {
            libevdev_enable_event_type(handle, UInt32(type))
            for code in set {
                if type == EventCode.EV_ABS, let axis = description.absinfo[code] {
                    var info = input_absinfo(value: 0, minimum: axis.minimum, maximum: axis.maximum, fuzz: axis.fuzz, flat: axis.flat, resolution: axis.resolution)
                    libevdev_enable_event_code(handle, UInt32(type), UInt32(code), &info)
                } else {
                    libevdev_enable_event_code(handle, UInt32(type), UInt32(code), nil)
                }
            }
        }
        for property in description.properties { libevdev_enable_property(handle, UInt32(property)) }
        self.rules = rules
        self.description = description
        decoder = MultitouchDecoder(device: device, description: description, touchpad: rules)
        initialState = Self.readState(handle)
        _ = decoder.restart(from: initialState, at: Timestamp(microseconds: 0))
    }

    /// The device's state when it was opened (what the decoder started from).
    public let initialState: DeviceState

    /// How many times events were lost (SYN_DROPPED) and the state read again.
    public private(set) var resynchronizations = 0
    /// The state read after the last loss of events.
    var stateAfterLoss: DeviceState?

    deinit {
        libevdev_free(evdev)
        close(fd)
    }

    /// Readable when ``read()`` has work.
    public var fileDescriptor: Int32 { fd }

    /// What reading found: frames, and whether the device went away.
    public struct ReadResult: Sendable {
        /// Decoded frames, in order.
        public var frames: [TouchFrame] = []
        /// The device is gone (ENODEV); its live contacts were cancelled in `frames`.
        public var removed = false
    }

    /// Decodes raw `input_event` records as read() from the node gives them (whole records only),
    /// appending the frames they complete. At a SYN_DROPPED the rest of the records and what the
    /// node still holds are discarded (the kernel's state already includes them, as libevdev
    /// discards them before it syncs), the state is read again, and the decoder restarts from
    /// it: every live contact cancelled, those still down held over until they lift.
    public func take(_ bytes: UnsafeRawBufferPointer, into frames: inout [TouchFrame]) {
        onRecords?(bytes)
        let first = frames.count
        if bytes.count >= Self.recordSize {
            // type and code of the last record: bytes 16 and 18 of its 24.
            let base = bytes.count - Self.recordSize
            endedFrame = bytes.load(fromByteOffset: base + 16, as: UInt16.self) == 0 && bytes.load(fromByteOffset: base + 18, as: UInt16.self) == 0
        }
        if let lost = decoder.feed(records: bytes, into: &frames, stoppingAtLoss: true) {
            discardPending()
            resynchronizations += 1
            // A node that cannot be read any more is gone: the next read says so.
            stateAfterLoss = Self.readState(fd: fd)
            if let frame = decoder.restart(from: stateAfterLoss, at: lost) { frames.append(frame) }
        }
        guard let calibration else { return }
        for index in first..<frames.count { frames[index] = calibration.frame(frames[index], on: surface) }
    }

    /// A touchscreen's calibration (udev's `LIBINPUT_CALIBRATION_MATRIX`), applied to every
    /// frame as libinput applies it live and replays apply it.
    public var calibration: CalibrationMatrix? {
        didSet { if calibration?.isIdentity == true { calibration = nil } }
    }

    /// The surface the calibration maps onto.
    var surface: DeviceGeometry { description.surface.geometry }

    /// Reads every pending event from the node (non-blocking), on the caller's thread.
    public func read() -> ReadResult {
        var frames: [TouchFrame] = []
        let gone = readRecords { take($0, into: &frames) }
        var result = ReadResult(frames: frames)
        if gone {
            // ENODEV (or end of file): the device is gone.
            if let frame = decoder.cancelAll(at: MonotonicClock.now) { result.frames.append(frame) }
            result.removed = true
        }
        return result
    }

    /// Reads every pending record from the node (non-blocking) and hands each run to `body`;
    /// returns whether the device is gone. The one loop that reads the node on the caller's
    /// thread (``read()``, a drain before a deadline, what a SYN_DROPPED discards); the event
    /// loop's reads come through its channel.
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

    /// Reads and drops what the node holds now (after a SYN_DROPPED).
    func discardPending() {
        _ = readRecords { _ in }
    }

    /// The device's state as libevdev reads it when it opens a node: every slot's `ABS_MT_*`
    /// values (`EVIOCGMTSLOTS`), the current slot and the other axes (`EVIOCGABS`), the keys
    /// that are down (`EVIOCGKEY`).
    public static func readState(_ evdev: OpaquePointer) -> DeviceState {
        var state = DeviceState()
        let absolute = UInt32(EventCode.EV_ABS)
        let slotCount = libevdev_get_num_slots(evdev)
        if slotCount > 0 {
            state.currentSlot = libevdev_get_current_slot(evdev)
            let axes = (UInt32(EventCode.ABS_MT_FIRST) + 1...UInt32(EventCode.ABS_MT_LAST)).filter { libevdev_has_event_code(evdev, absolute, $0) != 0 }
            for slot in 0..<UInt32(slotCount) {
                var values: [UInt16: Int32] = [:]
                for code in axes { values[UInt16(code)] = libevdev_get_slot_value(evdev, slot, code) }
                state.slots[Int32(slot)] = values
            }
        }
        for code in 0..<UInt32(EventCode.ABS_MT_FIRST) where libevdev_has_event_code(evdev, absolute, code) != 0 {
            state.axes[UInt16(code)] = libevdev_get_event_value(evdev, absolute, code)
        }
        let key = UInt32(EventCode.EV_KEY)
        if libevdev_has_event_type(evdev, key) != 0 {
            let max = libevdev_event_type_get_max(key)
            for code in 0...UInt32(Swift.max(0, max)) where libevdev_has_event_code(evdev, key, code) != 0 && libevdev_get_event_value(evdev, key, code) != 0 {
                state.keysDown.insert(UInt16(code))
            }
        }
        return state
    }

    /// The state read again through a libevdev of its own on the same descriptor (libevdev
    /// reads it the same way at every open, and reads no events doing so); nil when the node
    /// cannot be read (it went away).
    static func readState(fd: Int32) -> DeviceState? {
        var handle: OpaquePointer?
        guard libevdev_new_from_fd(fd, &handle) == 0, let handle else { return nil }
        defer { libevdev_free(handle) }
        return readState(handle)
    }

    /// Told every run of raw records read from the node, before they are decoded, while set
    /// (someone records the device through the daemon).
    public var onRecords: ((UnsafeRawBufferPointer) -> Void)?
    /// The touches the decoder left out of its last frame (palms, thumbs), with why.
    public var leftOut: [(contact: Contact, reason: String)] { decoder.leftOut }

    /// The last record read was a SYN_REPORT: the next one starts a frame.
    public private(set) var endedFrame = true

    /// The events of a run of whole `input_event` records.
    public static func events(_ bytes: UnsafeRawBufferPointer) -> [InputEvent] {
        (0..<(bytes.count / recordSize)).map { index in
            event(bytes.loadUnaligned(fromByteOffset: index * recordSize, as: input_event.self))
        }
    }

    static func event(_ event: input_event) -> InputEvent {
        InputEvent(
            time: Timestamp(microseconds: Int64(event.time.tv_sec) * 1_000_000 + Int64(event.time.tv_usec)),
            type: event.type, code: event.code, value: event.value)
    }

    /// Reads a node's description (name, ids, axes, properties) without keeping it open.
    public static func describe(path: String) throws -> DeviceDescription {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw InputAccessError(path: path, code: errno) }
        defer { close(fd) }
        var handle: OpaquePointer?
        let rc = libevdev_new_from_fd(fd, &handle)
        guard rc == 0, let handle else { throw SourceError("libevdev cannot read \(path): \(String(cString: strerror(-rc)))") }
        defer { libevdev_free(handle) }
        return describe(handle)
    }

    /// The description libevdev reads from the kernel.
    static func describe(_ evdev: OpaquePointer) -> DeviceDescription {
        var codes: [UInt16: Set<UInt16>] = [:]
        var absinfo: [UInt16: AbsInfo] = [:]
        for type in 1...UInt32(EventCode.EV_MAX) where libevdev_has_event_type(evdev, type) != 0 {
            let max = libevdev_event_type_get_max(type)
            guard max >= 0 else { continue }
            var set = Set<UInt16>()
            for code in 0...UInt32(max) where libevdev_has_event_code(evdev, type, code) != 0 {
                set.insert(UInt16(code))
                if type == UInt32(EventCode.EV_ABS), let info = libevdev_get_abs_info(evdev, code) {
                    absinfo[UInt16(code)] = AbsInfo(
                        minimum: info.pointee.minimum, maximum: info.pointee.maximum, fuzz: info.pointee.fuzz,
                        flat: info.pointee.flat, resolution: info.pointee.resolution)
                }
            }
            codes[UInt16(type)] = set
        }
        var properties = Set<UInt16>()
        for property in 0..<UInt32(0x20) where libevdev_has_property(evdev, property) != 0 { properties.insert(UInt16(property)) }
        return DeviceDescription(
            name: String(cString: libevdev_get_name(evdev)), bus: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(evdev)),
            vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(evdev)),
            product: UInt16(truncatingIfNeeded: libevdev_get_id_product(evdev)),
            version: UInt16(truncatingIfNeeded: libevdev_get_id_version(evdev)),
            properties: properties, codes: codes, absinfo: absinfo)
    }
}
