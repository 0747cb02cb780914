import CLibevdev
import Evdev
import Glibc

/// The daemon's virtual keyboard and pointer: one uinput device ("gestured virtual keyboard")
/// made through libevdev with the codes of ``VirtualKeys``. Compositors, X servers and the
/// console read it like any keyboard and mouse, through libinput; when the daemon goes away,
/// so does the device, and the kernel releases whatever it held down.
public final class VirtualKeyboard {
    /// The device's name, as `libinput list-devices` shows it.
    public static let name = "gestured virtual keyboard"
    /// The uinput node.
    public static let defaultPath = UInputNode.defaultPath

    let fd: Int32
    let device: OpaquePointer
    let uinput: OpaquePointer

    /// The device's event node (`/dev/input/eventN`), when the kernel said.
    public let node: String?

    /// Makes the device through `path`; throws a ``SourceError`` that says what is missing
    /// (no uinput in the kernel, no access to the node) and what would give it.
    public init(path: String = VirtualKeyboard.defaultPath) throws {
        fd = try UInputNode.open(path, for: "")
        guard let device = libevdev_new() else {
            close(fd)
            throw SourceError("libevdev_new failed")
        }
        libevdev_set_name(device, Self.name)
        libevdev_set_id_bustype(device, 0x06)  // BUS_VIRTUAL
        libevdev_set_id_vendor(device, 0x4753)  // "GS"
        libevdev_set_id_product(device, 0x0001)
        libevdev_enable_event_type(device, UInt32(EventCode.EV_KEY))
        for code in VirtualKeys.keys { libevdev_enable_event_code(device, UInt32(EventCode.EV_KEY), UInt32(code), nil) }
        libevdev_enable_event_type(device, UInt32(EventCode.EV_REL))
        for axis in VirtualKeys.axes { libevdev_enable_event_code(device, UInt32(EventCode.EV_REL), UInt32(axis), nil) }
        var handle: OpaquePointer?
        let rc = libevdev_uinput_create_from_device(device, fd, &handle)
        guard rc == 0, let handle else {
            libevdev_free(device)
            close(fd)
            throw SourceError("cannot make the virtual keyboard through \(path): \(String(cString: strerror(-rc)))")
        }
        self.device = device
        uinput = handle
        node = libevdev_uinput_get_devnode(handle).map { String(cString: $0) }
    }

    deinit {
        libevdev_uinput_destroy(uinput)
        libevdev_free(device)
        close(fd)
    }

    /// Writes `emissions` in order; throws when the kernel refuses one.
    public func write(_ emissions: [KeyEmission]) throws {
        for emission in emissions {
            let (type, code, value): (UInt16, UInt16, Int32) = switch emission {
            case .key(let key, let down): (EventCode.EV_KEY, key, down ? 1 : 0)
            case .relative(let axis, let amount): (EventCode.EV_REL, axis, amount)
            case .sync: (EventCode.EV_SYN, EventCode.SYN_REPORT, 0)
            }
            let rc = libevdev_uinput_write_event(uinput, UInt32(type), UInt32(code), value)
            guard rc == 0 else { throw SourceError("the virtual keyboard refused an event: \(String(cString: strerror(-rc)))") }
        }
    }
}
