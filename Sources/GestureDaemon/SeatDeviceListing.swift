import Evdev
import GesturePipeline
import GestureWire
import LinuxInput

/// `gestured --list-devices`: the touch devices libinput sees on a seat now, a line each, as
/// `gesturectl devices` prints them when it asks libinput (it runs this: only the daemon's binary
/// links libinput, so the actions runner beside it does not load it and its libraries).
/// Touchpads are also opened with libevdev, as the daemon will, to show their slots.
public enum SeatDeviceListing {
    /// What was found: the lines to print, and whether that is a failure (nothing could be
    /// opened, and something could not).
    public struct Result: Sendable {
        /// A line per device, then one per device that could not be opened (`! …`), or a line
        /// saying there is nothing.
        public var lines: [String]
        /// Nothing to show and nodes that could not be read: a failure, not an empty success.
        public var failed: Bool
    }

    /// Asks libinput about `seat`; throws when libinput cannot be set up at all.
    public static func list(seat: String) throws -> Result {
        let source = try LibinputSource(seat: seat)
        _ = source.dispatch()
        var lines: [String] = []
        for device in source.knownDevices {
            let size = device.size.map { "\(DeviceReport.mm($0.width)) × \(DeviceReport.mm($0.height)) mm" } ?? "unknown size"
            var slots = device.touchCount > 0 ? (device.touchCount == 1 ? "1 touch" : "\(device.touchCount) touches") : ""
            if device.kind == .touchpad {
                do {
                    let raw = try EvdevTouchSource(path: device.path, device: device.id)
                    slots = Counted.words(raw.description.slotCount, "slot") + " (raw fingers via libevdev)"
                } catch {
                    slots = "raw fingers unavailable: \(error)"
                }
            }
            lines.append("dev\(device.id.rawValue)  \(device.name)  [\(device.path)]  \(device.kind.rawValue), \(size), \(slots)")
        }
        for failure in source.accessFailures { lines.append("! \(failure)") }
        if source.knownDevices.isEmpty {
            lines.append(source.accessFailures.isEmpty ? "no touch devices on \(seat)" : "no touch devices could be opened on \(seat) (see above)")
        }
        return Result(lines: lines, failed: source.knownDevices.isEmpty && !source.accessFailures.isEmpty)
    }
}
