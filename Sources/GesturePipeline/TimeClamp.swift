import Evdev
import GestureCore

/// A recorded device whose timestamps went backwards (evemu records CLOCK_REALTIME, so an NTP
/// step does this; so can a firmware glitch). Its frames are replayed in file order anyway,
/// each time that went back clamped to the one before: time never runs backwards in the
/// engine, and a device's frames are never reordered. Reported once per device.
public struct TimeClamp: Hashable, Sendable {
    /// The device's engine id.
    public var device: DeviceID
    /// Its recording.
    public var file: String
    /// The line of the first frame that went back (its SYN_REPORT), when known.
    public var line: Int?
    /// How far that first step went back.
    public var back: Seconds
    /// How many frames were clamped on this device.
    public var count: Int

    /// Creates a report.
    public init(device: DeviceID, file: String, line: Int?, back: Seconds, count: Int) {
        self.device = device
        self.file = file
        self.line = line
        self.back = back
        self.count = count
    }

    /// `FILE: time went back 0.2 s at line N; clamped` (with the count when more than one).
    public var message: String {
        let seconds = (back * 1000).rounded() / 1000
        let place = line.map { " at line \($0)" } ?? ""
        let more = count > 1 ? " (\(count) frames on this device)" : ""
        return "\(file): time went back \(seconds) s\(place); clamped\(more)"
    }
}
