import Evdev
import GestureCore
import GesturePipeline
import Glibc
import LinuxInput
import Logging
import NIOConcurrencyHelpers
import NIOCore
import Posix

/// The daemon's live input: libinput on a udev seat (discovery, seats, hotplug, touchpads' own
/// gestures when a client asks, and the touches of a touchscreen that shares its device with a
/// pen), read on a thread of its own and handed to the hub on its event loop; and the touch
/// devices' own nodes — every touchpad's raw fingers, every other touchscreen's touches, libinput
/// suspended for it — read on the event loop itself (``EvdevNodeReader``: one wake-up per
/// frame, no hop), decoded as recordings are. The input thread never waits on the hub
/// or a client; it only hands over what it read. The loop never blocks either: its sockets are
/// non-blocking and its clients' outboxes bounded.
///
/// All timestamps are CLOCK_MONOTONIC microseconds (libinput's clock; the nodes read directly are
/// switched to it). The input thread also fires the engine's deadlines: it polls with a timeout
/// until the next one, and only when nothing was readable until then does it hand the hub an
/// `advance`, in the same queue as the frames — and the loop reads the nodes just
/// before it advances. So a frame the kernel stamped before a deadline is always fed before
/// that deadline fires — with a plain timer on the event loop instead, a frame still in the
/// kernel's buffer when the timer fired would arrive after it (a double tap read as two single
/// taps under load).
public final class LiveInput: @unchecked Sendable {
    let hub: GestureHub
    let logger: Logger
    let libinput: LibinputSource
    /// The nodes gestured reads itself — every touchpad, and touchscreens that share no device
    /// with a pen — by device (the input thread's record; the loop's readers hold them too).
    var nodes: [DeviceID: EvdevTouchSource] = [:]
    /// The nodes as the event loop reads them, by device (loop-confined).
    var readers: [DeviceID: EvdevNodeReader] = [:]
    /// libinput's quirks database, and this machine's DMI modalias and device tree.
    let quirks: QuirksDatabase
    let machine: (dmi: String?, deviceTree: String?)
    /// A pipe: written to stop the thread, which polls its read end.
    let wake: (read: Int32, write: Int32)
    /// The input thread, while it runs.
    var thread: pthread_t?
    /// The engine's next deadline, as the hub last reported it.
    let deadline = NIOLockedValueBox<Timestamp?>(nil)
    let stopping = NIOLockedValueBox(false)
    /// Whether a subscription takes libinput's touchpad gestures, as the hub last said; the
    /// input thread applies it to libinput (which only that thread may touch).
    let touchpadDemand = NIOLockedValueBox(false)

    /// Why live input cannot start.
    public struct Unavailable: Error, CustomStringConvertible {
        /// What is missing, and what to do.
        public var description: String
    }

    /// Opens libinput on `seat` and reads the devices present now. Throws ``Unavailable`` when
    /// input nodes exist but none could be opened (permissions): the daemon must not pretend
    /// to run. `paths` instead of a seat opens just those nodes (no hotplug).
    public init(hub: GestureHub, seat: String, paths: [String] = [], quirks: QuirksDatabase = QuirksDatabase(), logger: Logger) throws {
        self.hub = hub
        self.logger = logger
        self.quirks = quirks
        machine = (QuirksLoader.machineDMI(), QuirksLoader.machineDeviceTree())
        libinput = try paths.isEmpty ? LibinputSource(seat: seat) : LibinputSource(paths: paths)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SourceError("cannot create a pipe: \(String(cString: strerror(errno)))") }
        wake = (ends[0], ends[1])
        // Non-blocking: the event loop writes a wake-up byte for every deadline change and must
        // never wait for this thread; when the pipe is full, a wake-up is pending anyway.
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        let first = libinput.dispatch()
        let failures = libinput.accessFailures
        if !failures.isEmpty && libinput.knownDevices.isEmpty {
            let listed = failures.prefix(3).map(\.description).joined(separator: "\n  ")
            let more = failures.count > 3 ? "\n  (and \(failures.count - 3) more)" : ""
            throw Unavailable(description: "cannot read any input device on \(paths.isEmpty ? seat : paths.joined(separator: ", ")):\n  \(listed)\(more)")
        }
        for failure in failures { logger.warning("skipping \(failure)") }
        // The hub tells this input its deadlines, consumption and recordings (attached on the
        // loop before any input reaches it).
        hub.loop.execute { [self] in hub.input = self }
        // Until a client asks for libinput's touchpad gestures, libinput does not read touchpads.
        libinput.setTouchpadGestures(false)
        handle(first)
        if libinput.knownDevices.isEmpty { logger.notice("no touch devices yet; waiting for one to be plugged in") }
    }

    deinit {
        close(wake.read)
        close(wake.write)
    }

    /// Starts the input thread (a plain pthread named `gestured-input`: no Foundation).
    public func start() {
        let box = Unmanaged.passRetained(self)
        var handle = pthread_t()
        let rc = pthread_create(&handle, nil, { argument in
            let input = Unmanaged<LiveInput>.fromOpaque(argument!).takeRetainedValue()
            DetachedThread.nameThisThread("gestured-input")
            input.run()
            return nil
        }, box.toOpaque())
        guard rc == 0 else {
            box.release()
            logger.error("cannot start the input thread: \(String(cString: strerror(rc)))")
            return
        }
        thread = handle
    }

    /// Stops the input thread and waits for it, and stops reading the nodes on the loop.
    public func stop() {
        guard let handle = thread else { return }
        stopping.withLockedValue { $0 = true }
        var one: UInt8 = 1
        _ = write(wake.write, &one, 1)
        pthread_join(handle, nil)
        thread = nil
        // The nodes read on the loop stop too; closing them is not a removal.
        let close: @Sendable () -> Void = { [self] in
            for reader in readers.values { reader.stop() }
            readers = [:]
        }
        if hub.loop.inEventLoop { close() } else { hub.loop.execute(close) }
    }

    func run() {
        // libinput (hotplug, touchpad gestures when asked, a touchscreen with a pen) and the wake-up pipe;
        // the nodes gestured reads itself are read on the event loop (EvdevNodeReader).
        var fds = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0), pollfd(fd: libinput.fileDescriptor, events: Int16(POLLIN), revents: 0)]
        while true {
            fds[0].revents = 0
            fds[1].revents = 0
            let due = deadline.withLockedValue { $0 }
            let timeout = due.map { Self.milliseconds(until: $0) } ?? -1
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            guard ready >= 0 || errno == EINTR else {
                logger.error("input poll failed: \(String(cString: strerror(errno)))")
                return
            }
            if ready == 0, let due, MonotonicClock.now >= due {
                // Nothing arrived before the deadline: let it fire, after everything read so far —
                // the nodes are read first, on the loop, for what the kernel holds.
                deadline.withLockedValue { if $0 == due { $0 = nil } }
                let hub = hub
                hub.loop.execute { [self] in
                    for reader in readers.values { reader.drain() }
                    hub.advance(to: due)
                }
                continue
            }
            if fds[0].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 4096)
                while Glibc.read(wake.read, &drain, drain.count) > 0 {}
                if stopping.withLockedValue({ $0 }) { return }
                libinput.setTouchpadGestures(touchpadDemand.withLockedValue { $0 })
            }
            if fds[1].revents != 0 { handle(libinput.dispatch()) }
        }
    }

    /// poll()'s timeout for a deadline: rounded up, so the poll never returns just before it.
    static func milliseconds(until deadline: Timestamp) -> Int32 {
        let remaining = deadline.microseconds - MonotonicClock.now.microseconds
        return remaining <= 0 ? 0 : Int32(clamping: (remaining + 999) / 1_000)
    }

    /// One dispatch's events, handed to the hub in one hop: frames in runs (one flush per run),
    /// libinput's touchpad gestures only while a subscription takes them.
    func handle(_ events: [LiveInputEvent]) {
        guard !events.isEmpty else { return }
        var batch: [HubInput] = []
        var frames: [TouchFrame] = []
        let gestures = touchpadDemand.withLockedValue { $0 }
        for event in events {
            if case .touches(let frame) = event {
                frames.append(frame)
                continue
            }
            if !frames.isEmpty {
                batch.append(.frames(frames))
                frames = []
            }
            switch event {
            case .deviceAdded(let device):
                guard let description = self.description(of: device) else { continue }
                logger.info("device \(device.id): \(device.name) (\(device.kind.rawValue), \(device.path), \(device.seat))")
                batch.append(.added(device.id, description, seat: device.seat, node: nodes[device.id], udev: device.udevProperties))
            case .deviceRemoved(let id, let time):
                nodes[id] = nil
                logger.info("device \(id) removed")
                batch.append(.removed(id, time))
            case .touchpadGesture(let gesture) where gestures:
                batch.append(.gesture(gesture))
            case .touches, .touchpadGesture:
                break
            }
        }
        if !frames.isEmpty { batch.append(.frames(frames)) }
        guard !batch.isEmpty else { return }
        let hub = hub
        let inputs = batch
        hub.loop.execute { [self] in
            for input in inputs {
                switch input {
                case .added(let id, let description, let seat, let node, let udev):
                    hub.addDevice(id, description: description, seat: seat)
                    if let node { self.read(node, udev: udev) }
                case .removed(let id, let time):
                    readers.removeValue(forKey: id)?.stop()
                    hub.removeDevice(id, at: time)
                case .frames(let frames): hub.feed(frames)
                case .gesture(let gesture): hub.publish(gesture)
                }
            }
        }
    }

    /// Starts reading a node on the loop (on the loop, after the device was added), grabbing it
    /// once no finger is down if a gesture on it consumes.
    func read(_ node: EvdevTouchSource, udev: [String: String]) {
        let logger = logger
        let device = node.device
        EvdevNodeReader.start(node, hub: hub) { [weak self] gone in
            self?.readers[gone] = nil
        }.whenComplete { [self] result in
            switch result {
            case .success(let reader):
                readers[device] = reader
                reader.udevProperties = udev
                reader.wantsForwarding = hub.consumes(device)
                reader.considerForwarding()
            case .failure(let error): logger.warning("\(node.path): no touches from it: cannot watch the node on the event loop: \(error)")
            }
        }
    }

    /// A touchscreen's node, read by gestured on the event loop as a recording is decoded (with
    /// udev's calibration), and libinput suspended for it — unless a pen shares the device:
    /// then libinput keeps it, since it turns touch off while the pen is near.
    func touchscreen(_ device: LiveDevice, _ description: DeviceDescription) -> DeviceDescription {
        if libinput.hasPen(sameDeviceAs: device.id) {
            logger.info("\(device.name): shares its device with a pen; its touches come through libinput, which turns them off while the pen is near")
            return description
        }
        do {
            let source = try EvdevTouchSource(path: device.path, device: device.id)
            source.calibration = device.udevProperties["LIBINPUT_CALIBRATION_MATRIX"].flatMap(CalibrationMatrix.init)
            guard libinput.suspend(device.id) else {
                logger.info("\(device.name): libinput would not let go of it; its touches come through libinput")
                return description
            }
            nodes[device.id] = source
            sayHeldOver(source)
            return source.description
        } catch {
            logger.info("\(device.name): its touches come through libinput: \(error)")
            return description
        }
    }

    /// Says when a node had a touch down as it was opened: that touch is no touch for gestured
    /// until it lifts (docs/INPUT.md, "The device's state"), which a user whose first gesture
    /// after a restart did nothing may want to know.
    func sayHeldOver(_ source: EvdevTouchSource) {
        guard source.initialState.hasContactDown else { return }
        logger.info("\(source.description.name): touched when gestured opened it; that touch counts once it lifts")
    }

    /// What one hop to the hub carries.
    enum HubInput: Sendable {
        /// A device to attach the configuration to, and a touchpad's node to read (with its
        /// udev properties, which a twin needs).
        case added(DeviceID, DeviceDescription, seat: String, node: EvdevTouchSource?, udev: [String: String])
        /// A device gone.
        case removed(DeviceID, Timestamp)
        /// Frames read together, in order.
        case frames([TouchFrame])
        /// One of libinput's touchpad gestures.
        case gesture(TouchpadGesture)
    }

    /// The description the hub attaches bindings by; for a touchpad, its libevdev source is
    /// opened here too.
    func description(of device: LiveDevice) -> DeviceDescription? {
        guard device.kind == .touchpad else {
            guard let description = device.description else {
                logger.warning("\(device.name): cannot read \(device.path) through libevdev; ignoring it")
                return nil
            }
            return touchscreen(device, description)
        }
        do {
            let (quirks, machine, udev, logger) = (quirks, machine, device.udevProperties, logger)
            let source = try EvdevTouchSource(path: device.path, device: device.id) { description in
                let identity = DeviceIdentity(description: description, udevProperties: udev, dmi: machine.dmi, deviceTree: machine.deviceTree)
                let applied = quirks.quirks(for: identity)
                if !applied.sections.isEmpty { logger.info("\(device.name): libinput quirks \(applied.sections.joined(separator: ", "))") }
                return TouchpadRules.forDevice(&description, quirks: applied, udevProperties: udev)
            }
            nodes[device.id] = source
            sayHeldOver(source)
            return source.description
        } catch {
            logger.warning("\(device.name): no per-finger gestures (libinput's own touchpad gestures still pass through): \(error)")
            return device.description
        }
    }
}
