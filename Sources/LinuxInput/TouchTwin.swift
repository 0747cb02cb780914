import CLibevdev
import CLinux
import Evdev
import GestureForwarding
import Glibc

/// A grabbed touch device's twin: a uinput device made from the device itself
/// (`libevdev_uinput_create_from_device`), which the desktop's libinput reads instead while
/// gestured holds the grab. It carries the device's name (libinput's quirks match by it), bus,
/// vendor, product, version, properties, codes and every axis with its range and resolution —
/// and the fuzz the kernel had before udev's libinput rule moved it into `LIBINPUT_FUZZ_*`, so
/// the rule finds on the twin what it found on the device. It adds one code when the device
/// lacks it, `ABS_MT_TOOL_TYPE`: a touch gestured takes back is turned into a palm there
/// (libinput's own cancel) instead of lifting, which a touchpad could read as a tap.
///
/// Its `phys` says what it is (``physPrefix`` and the device's node name): gestured never
/// reads or grabs its own twins. When gestured goes away the kernel destroys it, and the
/// desktop's libinput ends whatever it had down on it.
public final class TouchTwin: TwinOutput {
    /// The start of every twin's `phys`.
    public static let physPrefix = "gestured-twin/"
    /// The uinput node.
    public static let defaultPath = UInputNode.defaultPath

    let fd: Int32
    let uinput: OpaquePointer
    /// The twin's event node (`/dev/input/eventN`), when the kernel said.
    public let node: String?
    /// Whether the twin has `ABS_MT_TOOL_TYPE` (always, when the device has slots).
    public let hasToolType: Bool
    /// Scratch: one frame's records, written in one call.
    var records: [input_event] = []

    /// Makes the twin of `source`, with the fuzz udev recorded in `udevProperties`
    /// (`LIBINPUT_FUZZ_00`, `_01`, `_35`, `_36`); throws a ``SourceError`` that says what is
    /// missing (no uinput, no access to it).
    public init(of source: EvdevTouchSource, udevProperties: [String: String], path: String = TouchTwin.defaultPath) throws {
        var template: OpaquePointer?
        let rc = libevdev_new_from_fd(source.fd, &template)
        guard rc == 0, let template else { throw SourceError("libevdev cannot read \(source.path) again: \(String(cString: strerror(-rc)))") }
        defer { libevdev_free(template) }
        for (code, fuzz) in Self.fuzz(from: udevProperties) where libevdev_has_event_code(template, UInt32(EventCode.EV_ABS), UInt32(code)) != 0 {
            libevdev_set_abs_fuzz(template, UInt32(code), fuzz)
        }
        let absolute = UInt32(EventCode.EV_ABS)
        if libevdev_has_event_code(template, absolute, UInt32(EventCode.ABS_MT_SLOT)) != 0,
           libevdev_has_event_code(template, absolute, UInt32(EventCode.ABS_MT_TOOL_TYPE)) == 0 {
            var info = input_absinfo(value: 0, minimum: 0, maximum: EventCode.MT_TOOL_PALM, fuzz: 0, flat: 0, resolution: 0)
            libevdev_enable_event_code(template, absolute, UInt32(EventCode.ABS_MT_TOOL_TYPE), &info)
        }
        hasToolType = libevdev_has_event_code(template, absolute, UInt32(EventCode.ABS_MT_TOOL_TYPE)) != 0
        fd = try UInputNode.open(path, for: ", so gestured cannot take touches from the desktop")
        let phys = Self.physPrefix + (source.path.split(separator: "/").last.map(String.init) ?? source.path)
        _ = gestured_uinput_set_phys(fd, phys)
        var handle: OpaquePointer?
        let created = libevdev_uinput_create_from_device(template, fd, &handle)
        guard created == 0, let handle else {
            close(fd)
            throw SourceError("cannot make a twin of \(source.path) through \(path): \(String(cString: strerror(-created)))")
        }
        uinput = handle
        node = libevdev_uinput_get_devnode(handle).map { String(cString: $0) }
        records.reserveCapacity(64)
    }

    deinit {
        libevdev_uinput_destroy(uinput)
        close(fd)
    }

    /// The fuzz udev's libinput rule moved out of the kernel's axes, by code.
    static func fuzz(from properties: [String: String]) -> [(UInt16, Int32)] {
        properties.compactMap { key, value in
            guard key.hasPrefix("LIBINPUT_FUZZ_"), let code = UInt16(key.dropFirst("LIBINPUT_FUZZ_".count), radix: 16),
                  let fuzz = Int32(value), fuzz > 0 else { return nil }
            return (code, fuzz)
        }.sorted { $0.0 < $1.0 }
    }

    /// Writes events in one call (the kernel takes whole records; uinput stamps them).
    public func write(_ events: [InputEvent]) throws {
        guard !events.isEmpty else { return }
        records.removeAll(keepingCapacity: true)
        for event in events {
            records.append(input_event(time: timeval(tv_sec: 0, tv_usec: 0), type: event.type, code: event.code, value: event.value))
        }
        let size = records.count * MemoryLayout<input_event>.stride
        let written = records.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, size) }
        guard written == size else {
            throw SourceError("the twin refused events: \(written < 0 ? String(cString: strerror(errno)) : "short write")")
        }
    }
}
