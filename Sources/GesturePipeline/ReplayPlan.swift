import Evdev
import GestureCore

/// Recordings decoded into one timeline: each device of each recording gets an engine id (from
/// `firstDeviceID`, in order); the devices of one recording play together, frames merged by
/// time (stable in device order); several recordings play one after the other, each starting one
/// second after the previous one's last frame. Times start at 0. A device's frames stay in file
/// order: a time that goes back is clamped to the frame before (``TimeClamp``, in ``clamps``).
/// A touchscreen whose recording carries udev's `LIBINPUT_CALIBRATION_MATRIX` has its touches
/// calibrated as libinput calibrates them live (``CalibrationMatrix``).
public struct ReplayPlan: Sendable {
    /// One recorded device.
    public struct Device: Sendable {
        /// Its engine id.
        public var id: DeviceID
        /// The recording it came from.
        public var file: String
        /// Its description.
        public var description: DeviceDescription
        /// The libinput quirks that apply to it: the file's own, or the database's.
        public var quirks: DeviceQuirks
        /// Its palm, thumb and jump rules (touchpads with per-finger positions).
        public var touchpad: TouchpadRules?
    }

    /// Every device, in order.
    public private(set) var devices: [Device] = []
    /// Every frame, in time order.
    public private(set) var frames: [TouchFrame] = []
    /// The devices whose times went backwards, one report each.
    public private(set) var clamps: [TimeClamp] = []
    /// Each frame's raw events (those read since its device's previous frame), as recorded (a
    /// slice of the recording's own, not a copy), and what to add to their times to shift
    /// them like the frame's.
    public private(set) var frameEvents: [(events: ArraySlice<InputEvent>, shift: Int64)] = []
    /// The touches a touchpad's rules left out (palms, thumbs): an entry at every frame while any
    /// is down, and an empty one when none is any more; in order per recording. What a view
    /// marks beside the frames.
    public private(set) var leftOut: [LeftOut] = []

    /// A device's left-out touches from `time` on (empty: none any more).
    public struct LeftOut: Sendable {
        /// The device.
        public var device: DeviceID
        /// When (shifted like the frames).
        public var time: Timestamp
        /// The touches, where they are (phase `stationary`).
        public var contacts: [Contact]
        /// Why each is no finger (`palm (edge)`, `thumb`, …), in the same order.
        public var reasons: [String]
    }
    /// The timeline's start.
    public let origin = Timestamp(microseconds: 0)

    /// Decodes `recordings`. Touchpads' palms and thumbs are told by libinput's rules with the
    /// quirks the file recorded, or else those `quirks` has for the device (matched against the
    /// recording machine, never this one).
    public init(recordings: [(recording: Recording, file: String)], quirks database: QuirksDatabase = QuirksDatabase(), firstDeviceID: UInt32 = 1) {
        var shift: Int64 = 0
        var nextID = firstDeviceID
        for (recording, file) in recordings {
            let start = recording.devices.compactMap { $0.events.first?.time }.min() ?? Timestamp(microseconds: 0)
            var fileFrames: [(frame: TouchFrame, events: (events: ArraySlice<InputEvent>, shift: Int64))] = []
            for recorded in recording.devices {
                let id = DeviceID(nextID)
                nextID += 1
                let quirks = recorded.quirks ?? database.quirks(for: recorded.identity(dmi: recording.dmi))
                var recorded = recorded
                let rules = TouchpadRules.forDevice(&recorded.description, quirks: quirks, udevProperties: recorded.udevProperties)
                devices.append(Device(id: id, file: file, description: recorded.description, quirks: quirks, touchpad: rules))
                var decoder = MultitouchDecoder(device: id, description: recorded.description, touchpad: rules)
                // The state the device was in when recording began, where the file describes it
                // (otherwise a new device's: slot 0, every axis 0, as evemu-play and libinput
                // replay create it).
                if let state = recorded.initialState { _ = decoder.restart(from: state, at: start) }
                // libinput applies a touchscreen's calibration (udev) to every touch; so does a replay.
                let calibration = recorded.description.kind == .touchscreen
                    ? recorded.udevProperties["LIBINPUT_CALIBRATION_MATRIX"].flatMap(CalibrationMatrix.init) : nil
                let surface = recorded.description.surface.geometry
                var latest = start
                var clamp: TimeClamp?
                // The raw events of each frame (since the previous one's), for a client that
                // records the device through a replaying daemon.
                var consumed = 0
                var palmsShown = false
                for (index, event) in recorded.events.enumerated() {
                    let decoded = decoder.feed(event)
                    if event.type == EventCode.EV_SYN && event.code == EventCode.SYN_REPORT && (palmsShown || !decoder.leftOut.isEmpty) {
                        palmsShown = !decoder.leftOut.isEmpty
                        leftOut.append(LeftOut(
                            device: id, time: Timestamp(microseconds: max(event.time, latest).microseconds + shift - start.microseconds),
                            contacts: decoder.leftOut.map(\.contact), reasons: decoder.leftOut.map(\.reason)))
                    }
                    guard var frame = decoded else { continue }
                    defer { consumed = index + 1 }
                    if let calibration { frame = calibration.frame(frame, on: surface) }
                    if frame.time < latest {
                        if clamp == nil {
                            let line = index < recorded.lines.count ? recorded.lines[index] : nil
                            clamp = TimeClamp(device: id, file: file, line: line, back: latest - frame.time, count: 0)
                        }
                        clamp!.count += 1
                        frame.time = latest
                    }
                    latest = frame.time
                    frame.time.microseconds += shift - start.microseconds
                    fileFrames.append((frame, (recorded.events[consumed...index], shift - start.microseconds)))
                }
                if let clamp { clamps.append(clamp) }
            }
            fileFrames = fileFrames.enumerated().sorted { ($0.element.frame.time, $0.offset) < ($1.element.frame.time, $1.offset) }.map(\.element)
            frames += fileFrames.map(\.frame)
            frameEvents += fileFrames.map(\.events)
            shift = (fileFrames.last?.frame.time.microseconds ?? shift) + 1_000_000
        }
    }

    /// Past the last frame: lets every remaining deadline fire at its own time, one after the
    /// other, bounded in case a recognizer keeps asking for more time. Returns the last
    /// deadline that fired.
    @discardableResult
    public static func fireRemainingDeadlines(next: () -> Timestamp?, advance: (Timestamp) -> Void) -> Timestamp? {
        var last: Timestamp?
        var rounds = 0
        while let deadline = next(), rounds < 10_000 {
            advance(deadline)
            last = deadline
            rounds += 1
        }
        return last
    }

    /// Time from the first frame to the last.
    public var duration: Seconds { (frames.last?.time ?? origin) - origin }
}
