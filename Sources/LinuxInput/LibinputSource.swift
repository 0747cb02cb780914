import CInputLibraries
import CLibinput
import Evdev
import GestureCore
import Glibc

/// Touch input from libinput: on a udev seat (hotplug included) or on explicit device nodes.
///
/// Touchscreen TOUCH_DOWN / MOTION / UP / CANCEL / FRAME become ``TouchFrame``s with positions
/// in millimetres as libinput gives them; touchpad GESTURE_SWIPE / PINCH / HOLD events pass
/// through as ``TouchpadGesture``s; DEVICE_ADDED / REMOVED drive hotplug. Poll
/// ``fileDescriptor`` for readability and call ``dispatch()``.
public final class LibinputSource {
    /// Nodes libinput could not open, recorded by the open callback.
    final class OpenLog {
        var failures: [InputAccessError] = []
    }

    /// A device's frame being assembled from touch events: its contacts by slot, in the order
    /// they came down (a class: changed in place, event by event).
    final class Pending {
        var contacts: [Int32: Contact] = [:]
        var order: [Int32] = []
    }

    let context: OpaquePointer
    let udev: OpaquePointer?
    let interface: UnsafeMutablePointer<libinput_interface>
    let log: Unmanaged<OpenLog>
    var ids: [UnsafeMutableRawPointer: DeviceID] = [:]
    var devices: [DeviceID: LiveDevice] = [:]
    /// The twins of grabbed touchpads, each with the device it stands for (its gestures are
    /// that device's).
    var twins: [UnsafeMutableRawPointer: DeviceID] = [:]
    var pending: [DeviceID: Pending] = [:]
    /// Touchscreens without a resolution: libinput reports device units for them, so positions
    /// are taken from its normalized ones times this estimated size (as replays do).
    var estimatedSizes: [DeviceID: Size] = [:]
    var nextID: UInt32

    /// Opens every input device on a udev seat (`seat0` by default).
    public init(seat: String = "seat0", firstDeviceID: UInt32 = 1) throws {
        try Self.openLibraries()
        nextID = firstDeviceID
        (interface, log) = Self.makeInterface()
        guard let udev = udev_new() else { throw SourceError("cannot create a udev context (is udev available?)") }
        self.udev = udev
        guard let context = libinput_udev_create_context(interface, log.toOpaque(), udev) else {
            throw SourceError("cannot create a libinput context")
        }
        self.context = context
        if libinput_udev_assign_seat(context, seat) != 0 {
            throw SourceError("libinput cannot use seat '\(seat)' (is systemd-udevd running?)")
        }
    }

    /// Opens the given device nodes only (no hotplug).
    public init(paths: [String], firstDeviceID: UInt32 = 1) throws {
        try Self.openLibraries()
        nextID = firstDeviceID
        (interface, log) = Self.makeInterface()
        udev = nil
        guard let context = libinput_path_create_context(interface, log.toOpaque()) else {
            throw SourceError("cannot create a libinput context")
        }
        self.context = context
        // Said in our words before libinput, which logs "client bug: Invalid path" for these.
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else {
                throw SourceError("\(path): \(errno == ENOENT ? "no such device node" : String(cString: strerror(errno)))")
            }
            // Input nodes are character devices of the input subsystem (major 13).
            let major = ((info.st_rdev >> 8) & 0xfff) | ((info.st_rdev >> 32) & ~0xfff)
            guard (info.st_mode & S_IFMT) == S_IFCHR, major == 13 else {
                throw SourceError("\(path) is not an input device node (expected a character device such as /dev/input/event3; `gesturectl devices` lists them)")
            }
        }
        for path in paths where libinput_path_add_device(context, path) == nil {
            if let failure = log.takeUnretainedValue().failures.last, failure.path == path { throw failure }
            throw SourceError("libinput cannot use \(path) (not an input device node?)")
        }
    }

    deinit {
        libinput_unref(context)
        if let udev { udev_unref(udev) }
        interface.deallocate()
        log.release()
    }

    /// libinput's file descriptor: readable when ``dispatch()`` has work.
    public var fileDescriptor: Int32 { libinput_get_fd(context) }

    /// Nodes that could not be opened so far (permissions), with what to do about them.
    public var accessFailures: [InputAccessError] { log.takeUnretainedValue().failures }

    /// The touch devices known now.
    public var knownDevices: [LiveDevice] { devices.values.sorted { $0.id < $1.id } }

    /// Opens libinput and libudev, which are not linked (CInputLibraries): a missing one is an
    /// error here, at start.
    static func openLibraries() throws {
        if let reason = gestured_open_input_libraries() {
            throw SourceError("cannot open libinput: \(String(cString: reason)) (Debian: apt install libinput10 libudev1)")
        }
    }

    static func makeInterface() -> (UnsafeMutablePointer<libinput_interface>, Unmanaged<OpenLog>) {
        let interface = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
        interface.initialize(to: libinput_interface(
            open_restricted: { path, flags, userData in
                // Read-only whatever libinput asks: gestured never writes to devices (no LEDs,
                // no grabs), and the service may only read them (DeviceAllow=char-input r).
                let fd = open(path!, (flags & ~O_ACCMODE) | O_RDONLY | O_CLOEXEC)
                if fd < 0 {
                    let code = errno
                    let log = Unmanaged<OpenLog>.fromOpaque(userData!).takeUnretainedValue()
                    log.failures.append(InputAccessError(path: String(cString: path!), code: code))
                    return -code
                }
                return fd
            },
            close_restricted: { fd, _ in close(fd) }))
        return (interface, Unmanaged.passRetained(OpenLog()))
    }

    /// Whether libinput reads touchpads for their own gestures (swipe, pinch, hold). Off, each
    /// touchpad's send-events mode is disabled: libinput suspends it and closes its node, so its
    /// touchpad processing costs nothing; gestured's own recognition reads the raw fingers
    /// through libevdev either way, and hotplug still comes from udev.
    public private(set) var touchpadGestures = true

    /// Turns libinput's touchpad processing on or off, for every touchpad now and to come.
    public func setTouchpadGestures(_ on: Bool) {
        guard on != touchpadGestures else { return }
        touchpadGestures = on
        for (key, id) in ids where devices[id]?.kind == .touchpad { applySendEvents(OpaquePointer(key)) }
        for key in twins.keys { applySendEvents(OpaquePointer(key)) }
    }

    func applySendEvents(_ device: OpaquePointer) {
        let mode = touchpadGestures ? LIBINPUT_CONFIG_SEND_EVENTS_ENABLED : LIBINPUT_CONFIG_SEND_EVENTS_DISABLED
        _ = libinput_device_config_send_events_set_mode(device, mode.rawValue)
    }

    /// The device groups (libinput's "same physical device") that hold a tablet tool, a pen:
    /// their touchscreens stay with libinput, which turns touch off while the pen is near.
    var tabletGroups: Set<UnsafeMutableRawPointer> = []

    /// Whether `id` shares its physical device with a pen (a tablet tool libinput knows).
    public func hasPen(sameDeviceAs id: DeviceID) -> Bool {
        guard let key = ids.first(where: { $0.value == id })?.key,
              let group = libinput_device_get_device_group(OpaquePointer(key)) else { return false }
        return tabletGroups.contains(UnsafeMutableRawPointer(group))
    }

    /// Has libinput stop reading `id` (send-events disabled: it closes the node), for a device
    /// gestured reads through its own node instead; false when libinput would not.
    public func suspend(_ id: DeviceID) -> Bool {
        guard let key = ids.first(where: { $0.value == id })?.key else { return false }
        let status = libinput_device_config_send_events_set_mode(OpaquePointer(key), LIBINPUT_CONFIG_SEND_EVENTS_DISABLED.rawValue)
        return status == LIBINPUT_CONFIG_STATUS_SUCCESS
    }

    /// Reads everything libinput has; returns it in order.
    public func dispatch() -> [LiveInputEvent] {
        libinput_dispatch(context)
        var result: [LiveInputEvent] = []
        while let event = libinput_get_event(context) {
            defer { libinput_event_destroy(event) }
            handle(event, into: &result)
        }
        return Self.removalsFailTouches(result)
    }

    /// When a device goes away, libinput first cancels its touches (TOUCH_CANCEL, found in the
    /// e2e suite) and then reports DEVICE_REMOVED. Fed as is, the gestures would fail with
    /// `cancelled`; the frames of cancellations right before the removal are dropped so that
    /// they fail with `deviceRemoved`, as the removal is what happened.
    static func removalsFailTouches(_ events: [LiveInputEvent]) -> [LiveInputEvent] {
        guard events.contains(where: { if case .deviceRemoved = $0 { true } else { false } }) else { return events }
        var removed = Set<DeviceID>()
        var kept: [LiveInputEvent] = []
        for event in events.reversed() {
            switch event {
            case .deviceRemoved(let id, _):
                removed.insert(id)
            case .touches(let frame) where removed.contains(frame.device) && frame.contacts.allSatisfy({ $0.phase == .cancelled }):
                continue
            case .touches(let frame):
                removed.remove(frame.device)
            default:
                break
            }
            kept.append(event)
        }
        return kept.reversed()
    }

    func handle(_ event: OpaquePointer, into result: inout [LiveInputEvent]) {
        let type = libinput_event_get_type(event)
        guard let device = libinput_event_get_device(event) else { return }
        let key = UnsafeMutableRawPointer(device)
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            if let original = Self.twinOriginal(device) {
                // gestured's own twin of a grabbed device, which the desktop reads. A grabbed
                // touchpad's node is silent to this libinput, so its touchpad gestures come
                // from the twin, as the device's: what the desktop is shown, and nothing that
                // a gesture consumed. Nothing else is read from a twin.
                guard libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_GESTURE) != 0,
                      let id = devices.values.first(where: { $0.path == original && $0.kind == .touchpad })?.id else {
                    _ = libinput_device_config_send_events_set_mode(device, LIBINPUT_CONFIG_SEND_EVENTS_DISABLED.rawValue)
                    return
                }
                twins[key] = id
                libinput_device_ref(device)
                applySendEvents(device)
                return
            }
            if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TABLET_TOOL) != 0,
               let group = libinput_device_get_device_group(device) {
                tabletGroups.insert(UnsafeMutableRawPointer(group))
            }
            if let live = added(device) {
                ids[key] = live.id
                devices[live.id] = live
                if live.kind == .touchscreen, let surface = live.description?.surface, surface.estimated {
                    estimatedSizes[live.id] = Size(width: surface.width, height: surface.height)
                }
                libinput_device_ref(device)
                if live.kind == .touchpad, !touchpadGestures { applySendEvents(device) }
                result.append(.deviceAdded(live))
            }
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            if twins.removeValue(forKey: key) != nil {
                libinput_device_unref(device)
            } else if let id = ids.removeValue(forKey: key) {
                devices[id] = nil
                pending[id] = nil
                estimatedSizes[id] = nil
                libinput_device_unref(device)
                result.append(.deviceRemoved(id, at: MonotonicClock.now))
            }
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP, LIBINPUT_EVENT_TOUCH_CANCEL,
            LIBINPUT_EVENT_TOUCH_FRAME:
            guard let id = ids[key], let touch = libinput_event_get_touch_event(event) else { return }
            self.touch(type, touch, device: id, into: &result)
        case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN, LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE, LIBINPUT_EVENT_GESTURE_SWIPE_END,
            LIBINPUT_EVENT_GESTURE_PINCH_BEGIN, LIBINPUT_EVENT_GESTURE_PINCH_UPDATE, LIBINPUT_EVENT_GESTURE_PINCH_END,
            LIBINPUT_EVENT_GESTURE_HOLD_BEGIN, LIBINPUT_EVENT_GESTURE_HOLD_END:
            guard let id = ids[key] ?? twins[key], let gesture = libinput_event_get_gesture_event(event) else { return }
            result.append(.touchpadGesture(self.gesture(type, gesture, device: id)))
        default:
            break
        }
    }

    func added(_ device: OpaquePointer) -> LiveDevice? {
        let touch = libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0
        let gesture = libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_GESTURE) != 0
        let udevProperties = Self.udevProperties(of: device)
        // libinput gives semi-MT and single-slot touchpads no gesture capability (it cannot
        // tell their fingers apart), but their finger count and centroid are real: udev's
        // touchpad tag keeps them, for their raw fingers through libevdev.
        let touchpad = gesture || udevProperties["ID_INPUT_TOUCHPAD"] == "1"
        guard touch || touchpad else { return nil }
        var width = 0.0
        var height = 0.0
        let size = libinput_device_get_size(device, &width, &height) == 0 ? Size(width: width, height: height) : nil
        let id = DeviceID(nextID)
        nextID += 1
        let path = "/dev/input/" + String(cString: libinput_device_get_sysname(device))
        return LiveDevice(
            id: id, name: String(cString: libinput_device_get_name(device)), path: path,
            kind: touch ? .touchscreen : .touchpad, size: size,
            touchCount: touch ? max(0, Int(libinput_device_touch_get_touch_count(device))) : 0,
            description: try? EvdevTouchSource.describe(path: path),
            seat: libinput_device_get_seat(device).flatMap { libinput_seat_get_physical_name($0) }.map { String(cString: $0) } ?? "seat0",
            udevProperties: udevProperties)
    }

    /// The node of the device a twin gestured made (``TouchTwin``) stands for, from the twin's
    /// `phys` (`gestured-twin/eventN`); nil for every other device.
    static func twinOriginal(_ device: OpaquePointer) -> String? {
        guard let node = libinput_device_get_udev_device(device) else { return nil }
        defer { udev_device_unref(node) }
        guard let input = udev_device_get_parent_with_subsystem_devtype(node, "input", nil),
              let phys = udev_device_get_sysattr_value(input, "phys") else { return nil }
        let text = String(cString: phys)
        guard text.hasPrefix(TouchTwin.physPrefix) else { return nil }
        return "/dev/input/" + text.dropFirst(TouchTwin.physPrefix.count)
    }

    /// Every udev property of a libinput device (quirks and palm rules depend on some).
    static func udevProperties(of device: OpaquePointer) -> [String: String] {
        guard let udevDevice = libinput_device_get_udev_device(device) else { return [:] }
        defer { udev_device_unref(udevDevice) }
        var properties: [String: String] = [:]
        var entry = udev_device_get_properties_list_entry(udevDevice)
        while let current = entry {
            if let name = udev_list_entry_get_name(current) {
                properties[String(cString: name)] = udev_list_entry_get_value(current).map { String(cString: $0) } ?? ""
            }
            entry = udev_list_entry_get_next(current)
        }
        return properties
    }

    func touch(_ type: libinput_event_type, _ touch: OpaquePointer, device: DeviceID, into result: inout [LiveInputEvent]) {
        // The device's pending frame, changed in place (a copy per event would copy its
        // contacts, ten of them on a touchscreen, for every finger's motion).
        let frame: Pending
        if let known = pending[device] {
            frame = known
        } else {
            frame = Pending()
            pending[device] = frame
        }
        // TOUCH_FRAME has no slot (asking is a "client bug" in libinput's log, found by e2e).
        let slot = type == LIBINPUT_EVENT_TOUCH_FRAME ? -1 : libinput_event_touch_get_slot(touch)
        switch type {
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            let normalized = Point(x: libinput_event_touch_get_x_transformed(touch, 1), y: libinput_event_touch_get_y_transformed(touch, 1))
            let position = estimatedSizes[device].map { Point(x: normalized.x * $0.width, y: normalized.y * $0.height) }
                ?? Point(x: libinput_event_touch_get_x(touch), y: libinput_event_touch_get_y(touch))
            if frame.contacts[slot] == nil { frame.order.append(slot) }
            frame.contacts[slot] = Contact(
                id: slot, position: position, normalized: normalized, phase: type == LIBINPUT_EVENT_TOUCH_DOWN ? .began : .moved)
        case LIBINPUT_EVENT_TOUCH_UP:
            frame.contacts[slot]?.phase = .ended
        case LIBINPUT_EVENT_TOUCH_CANCEL:
            if slot >= 0, frame.contacts[slot] != nil {
                frame.contacts[slot]?.phase = .cancelled
            } else {
                for key in frame.order { frame.contacts[key]?.phase = .cancelled }
            }
        case LIBINPUT_EVENT_TOUCH_FRAME:
            let time = Timestamp(microseconds: Int64(libinput_event_touch_get_time_usec(touch)))
            let contacts = frame.order.compactMap { frame.contacts[$0] }
            guard !contacts.isEmpty else { return }
            result.append(.touches(TouchFrame(device: device, time: time, contacts: contacts)))
            // Next frame: lifted contacts are gone, the rest are stationary until they move.
            frame.order.removeAll { slot in
                guard let contact = frame.contacts[slot], contact.phase.isLive else {
                    frame.contacts[slot] = nil
                    return true
                }
                frame.contacts[slot]!.phase = .stationary
                return false
            }
        default:
            break
        }
    }

    func gesture(_ type: libinput_event_type, _ event: OpaquePointer, device: DeviceID) -> TouchpadGesture {
        let (kind, stage): (TouchpadGesture.Kind, TouchpadGesture.Stage) = switch type {
        case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN: (.swipe, .begin)
        case LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE: (.swipe, .update)
        case LIBINPUT_EVENT_GESTURE_SWIPE_END: (.swipe, .end)
        case LIBINPUT_EVENT_GESTURE_PINCH_BEGIN: (.pinch, .begin)
        case LIBINPUT_EVENT_GESTURE_PINCH_UPDATE: (.pinch, .update)
        case LIBINPUT_EVENT_GESTURE_PINCH_END: (.pinch, .end)
        case LIBINPUT_EVENT_GESTURE_HOLD_BEGIN: (.hold, .begin)
        default: (.hold, .end)
        }
        let moves = stage == .update
        return TouchpadGesture(
            device: device, time: Timestamp(microseconds: Int64(libinput_event_gesture_get_time_usec(event))),
            kind: kind, stage: stage, fingers: Int(libinput_event_gesture_get_finger_count(event)),
            delta: moves ? Vector(dx: libinput_event_gesture_get_dx(event), dy: libinput_event_gesture_get_dy(event)) : .zero,
            scale: kind == .pinch ? libinput_event_gesture_get_scale(event) : 1,
            angleDelta: kind == .pinch && moves ? libinput_event_gesture_get_angle_delta(event) : 0,
            cancelled: stage == .end && libinput_event_gesture_get_cancelled(event) != 0)
    }
}
