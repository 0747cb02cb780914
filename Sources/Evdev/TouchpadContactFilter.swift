import GestureCore
import Glibc

/// Tells a touchpad's fingers from its palms and thumbs, frame by frame, the way libinput does
/// (the rules and their sources are in ``TouchpadRules`` and docs/INPUT.md). Pure: the
/// frame's time is passed in. The decoder leaves out what this calls a palm or a thumb, so such
/// contacts are never counted as fingers and never move a centroid; one that was counted and
/// turns out to be a palm or thumb is cancelled.
public struct TouchpadContactFilter: Sendable {
    /// The device's rules.
    public let rules: TouchpadRules

    /// One contact as the device reports it, in device units.
    public struct Sample: Sendable {
        /// The contact's id.
        public var id: Int32
        /// Position.
        public var x: Int32
        /// Position (grows downwards).
        public var y: Int32
        /// ABS_MT_PRESSURE, when reported.
        public var pressure: Int32?
        /// ABS_MT_TOUCH_MAJOR, when reported.
        public var major: Int32?
        /// ABS_MT_TOUCH_MINOR, when reported.
        public var minor: Int32?

        /// Creates a sample.
        public init(id: Int32, x: Int32, y: Int32, pressure: Int32? = nil, major: Int32? = nil, minor: Int32? = nil) {
            self.id = id
            self.x = x
            self.y = y
            self.pressure = pressure
            self.major = major
            self.minor = minor
        }
    }

    /// Why a touch is a palm.
    enum Palm: Sendable, Equatable {
        /// Pressure above the palm threshold (until it lifts).
        case pressure
        /// Size above the palm threshold (until it lifts).
        case size
        /// Began in an edge zone with no other finger down.
        case edge(since: Timestamp, firstX: Int32, firstY: Int32)
    }

    struct Track: Sendable {
        var began: Timestamp
        var x: Int32
        var y: Int32
        var time: Timestamp
        var palm: Palm?
        /// ABS_MT_PRESSURE as last reported.
        var pressure: Int32?
        /// Whether it changed in this frame (new, moved or pressed differently): only such a
        /// touch is judged again for an edge palm, as libinput judges only touches with events.
        var changed = true
        /// Frames above 20 mm/s, counted up to 15 and down when slower (libinput's measure of a moving finger).
        var speedExceeded = 0
        /// The last frame's motion, in mm per 12 ms (libinput's jump reference).
        var lastDelta = 0.0
        /// What discarded jumps add up to, in device units: reported positions are raw plus this.
        var offsetX: Int64 = 0
        var offsetY: Int64 = 0
    }

    var tracks: [Int32: Track] = [:]
    /// The one touch taken for a thumb, and whether it may still escape (jailed: a lone touch low
    /// on the pad) or is out until it lifts or is left alone (suppressed).
    var thumb: (id: Int32, jailed: Bool)?
    /// Where the counted touches were when their set last changed: the start of libinput's
    /// gesture detection, where a resting thumb shows by not moving while another finger does.
    var anchors: [Int32: (x: Int32, y: Int32)] = [:]
    var anchorsDecided = false

    /// Why the touch `id` is not a finger now, in a word or two (`palm (pressure)`, `palm
    /// (size)`, `palm (edge)`, `thumb`), or nil when it is one.
    public func reason(for id: Int32) -> String? {
        if let palm = tracks[id]?.palm {
            switch palm {
            case .pressure: return "palm (pressure)"
            case .size: return "palm (size)"
            case .edge: return "palm (edge)"
            }
        }
        return thumb?.id == id ? "thumb" : nil
    }

    /// A filter for a device with these rules.
    public init(rules: TouchpadRules) {
        self.rules = rules
    }

    /// Takes a frame's contacts (every contact down, as reported) and returns the ids that are
    /// not fingers now. Positions where a jump was discarded are moved back in `samples` (palms
    /// and thumbs are told from the positions as reported, as libinput does). The last
    /// `unplaced` samples are fingers the pad counts but does not place (fake fingers, at a
    /// real one's position): they never jump, and libinput calls the motion a swipe before it
    /// looks for a resting thumb.
    public mutating func update(_ samples: inout [Sample], at time: Timestamp, unplaced: Int = 0) -> Set<Int32> {
        // Without allocating in the usual frame (the same touches as before): sets and arrays are
        // built only when touches come or go.
        let countChanged = samples.count != tracks.count || samples.contains { tracks[$0.id] == nil }
        if countChanged {
            for id in tracks.keys where !samples.contains(where: { $0.id == id }) { tracks[id] = nil }
        }
        if let current = thumb, !samples.contains(where: { $0.id == current.id }) { thumb = nil }
        var newest: Int32?
        for index in samples.indices {
            // ALPS serial pads' stray 4095/0 report: the touch stays where it was.
            if rules.strayCorner, samples[index].x == 4095, samples[index].y == 0, let track = tracks[samples[index].id] {
                (samples[index].x, samples[index].y) = (track.x, track.y)
            }
            let sample = samples[index]
            if var track = tracks[sample.id] {
                let dt = Double(time.microseconds - track.time.microseconds) / 1_000_000
                if countChanged {
                    track.lastDelta = 0  // libinput restarts its motion history when the finger count changes
                } else if sample.x != track.x || sample.y != track.y, index < samples.count - unplaced, isJump(sample, &track, at: time) {
                    track.offsetX -= Int64(sample.x) - Int64(track.x)
                    track.offsetY -= Int64(sample.y) - Int64(track.y)
                }
                let moved = rules.millimetres(dx: Int64(sample.x) - Int64(track.x), dy: Int64(sample.y) - Int64(track.y))
                if dt > 0, (moved.x * moved.x + moved.y * moved.y).squareRoot() / dt > 20 {
                    track.speedExceeded = min(15, track.speedExceeded + 1)
                } else if track.speedExceeded > 0 {
                    track.speedExceeded -= 1
                }
                track.changed = sample.x != track.x || sample.y != track.y || sample.pressure != track.pressure
                track.x = sample.x
                track.y = sample.y
                track.pressure = sample.pressure
                track.time = time
                tracks[sample.id] = track
            } else {
                tracks[sample.id] = Track(began: time, x: sample.x, y: sample.y, time: time, pressure: sample.pressure)
                newest = sample.id
            }
        }
        for sample in samples { detectPalm(sample, isNew: sample.id == newest || tracks[sample.id]!.began == time, at: time) }
        detectThumb(samples, newest: newest)
        var ignored = Set<Int32>()
        for (id, track) in tracks where track.palm != nil { ignored.insert(id) }
        if let thumb { ignored.insert(thumb.id) }
        if unplaced == 0 { detectRestingThumb(samples, ignored: &ignored) }
        for index in samples.indices {
            guard let track = tracks[samples[index].id], track.offsetX != 0 || track.offsetY != 0 else { continue }
            samples[index].x = Int32(clamping: Int64(samples[index].x) + track.offsetX)
            samples[index].y = Int32(clamping: Int64(samples[index].y) + track.offsetY)
        }
        return ignored
    }

    // MARK: Jumps

    /// libinput's touch jump: more than 20 mm in a frame, or 7 mm more than the frame before,
    /// both per 12 ms (the interval its thresholds were measured at); frames more than 30 ms
    /// apart are not judged.
    func isJump(_ sample: Sample, _ track: inout Track, at time: Timestamp) -> Bool {
        guard rules.detectsJumps else { return false }
        let interval = time.microseconds - track.time.microseconds
        guard interval > 0, interval <= 30_000 else { return false }
        let moved = rules.millimetres(dx: Int64(sample.x) - Int64(track.x), dy: Int64(sample.y) - Int64(track.y))
        let distance = (moved.x * moved.x + moved.y * moved.y).squareRoot() * 12_000 / Double(interval)
        let jump = distance > 20 || distance - track.lastDelta > 7
        track.lastDelta = distance
        return jump
    }

    // MARK: Palms

    func counted(_ id: Int32) -> Bool { tracks[id]?.palm == nil && thumb?.id != id }

    mutating func detectPalm(_ sample: Sample, isNew: Bool, at time: Timestamp) {
        guard var track = tracks[sample.id] else { return }
        defer { tracks[sample.id] = track }
        if let threshold = rules.palmPressure, track.palm == nil || track.palm == .pressure, let pressure = sample.pressure,
            pressure > threshold
        {
            track.palm = .pressure
        }
        if let threshold = rules.palmSize, track.palm == nil || track.palm == .size,
            (sample.major ?? 0) > threshold || (sample.minor ?? 0) > threshold
        {
            track.palm = .size
        }
        guard rules.palmEdges != nil || rules.palmTopEdge != nil else { return }
        if case .edge = track.palm, !track.changed { return }  // a resting palm is not judged again
        let othersDown = tracks.contains { $0.key != sample.id && counted($0.key) }
        if case .edge(let since, let firstX, let firstY) = track.palm {
            // Released for another finger (libinput's multi-finger rule) — a real one: a palm
            // that landed at the other edge (`touchpad_palm_detect_both_edges`) is no finger.
            if othersDown {
                track.palm = nil
            } else if time.microseconds < since.microseconds + 200_000, !inEdge(sample.x, sample.y),
                leavesEdge(fromX: firstX, fromY: firstY, toX: sample.x, toY: sample.y)
            {
                track.palm = nil
            }
        } else if track.palm == nil, isNew, !othersDown, inEdge(sample.x, sample.y) {
            track.palm = .edge(since: time, firstX: sample.x, firstY: sample.y)
        }
    }

    func inSideEdge(_ x: Int32) -> Bool { rules.palmEdges.map { x < $0.left || x > $0.right } ?? false }
    func inEdge(_ x: Int32, _ y: Int32) -> Bool { inSideEdge(x) || rules.palmTopEdge.map { y < $0 } ?? false }

    /// Out of a side edge in any direction but straight up or down; out of the top edge downwards.
    func leavesEdge(fromX: Int32, fromY: Int32, toX: Int32, toY: Int32) -> Bool {
        let moved = rules.millimetres(dx: Int64(toX) - Int64(fromX), dy: Int64(toY) - Int64(fromY))
        guard moved.x != 0 || moved.y != 0 else { return false }
        // Eight compass sectors of 45°, as libinput's phys_get_direction (y grows down).
        let degrees = (atan2Degrees(y: moved.y, x: moved.x) + 360).truncatingRemainder(dividingBy: 360)
        let mostlyVertical = (67.5..<112.5).contains(degrees) || (247.5..<292.5).contains(degrees)
        if inSideEdge(fromX) { return !mostlyVertical }
        return moved.y > 0 && (22.5...157.5).contains(degrees)
    }

    func atan2Degrees(y: Double, x: Double) -> Double {
        atan2(y, x) * 180 / Double.pi
    }

    // MARK: Thumbs

    /// libinput's "needs jail": low on the pad and, where pressure or size can tell, in the
    /// exclusion area or pressing or spreading like a thumb, and not moving fast.
    func needsJail(_ sample: Sample) -> Bool {
        guard sample.y >= rules.upperThumbLine else { return false }
        let inExclusion = sample.y > rules.lowerThumbLine
        if !inExclusion && (rules.thumbPressure != nil || rules.thumbSize != nil) && !pressesLikeThumb(sample) { return false }
        return (tracks[sample.id]?.speedExceeded ?? 0) < 10
    }

    func pressesLikeThumb(_ sample: Sample) -> Bool {
        if let threshold = rules.thumbPressure, let pressure = sample.pressure, pressure > threshold, sample.y > rules.lowerThumbLine {
            return true
        }
        if let threshold = rules.thumbSize, let major = sample.major, major > threshold, Double(sample.minor ?? 0) < Double(threshold) * 0.6 {
            return true
        }
        return false
    }

    mutating func detectThumb(_ samples: [Sample], newest: Int32?) {
        guard rules.detectsThumbs else { return }
        var downCount = 0
        var single: Sample?
        for sample in samples where tracks[sample.id]?.palm == nil {
            downCount += 1
            single = sample
        }
        if downCount == 1, let only = single {
            if let current = thumb, current.id == only.id {
                // Left alone: a suppressed thumb revives, jailed or not; a jailed one escapes.
                thumb = needsJail(only) ? (only.id, true) : nil
            } else if only.id == newest, needsJail(only) {
                thumb = (only.id, true)
            }
            return
        }
        // The rest only when a touch landed.
        guard downCount >= 2, let newest else { return }
        let down = samples.filter { tracks[$0.id]?.palm == nil }
        guard down.contains(where: { $0.id == newest }) else { return }
        let lowest = down.sorted { ($0.y, $0.id) > ($1.y, $1.id) }
        let first = lowest[0], second = lowest[1]
        let apart = rules.millimetres(dx: abs(Int64(first.x) - Int64(second.x)), dy: abs(Int64(first.y) - Int64(second.y)))
        let fastest = down.map { tracks[$0.id]?.speedExceeded ?? 0 }.max() ?? 0
        // A touch landing while another finger moves fast, not where a two-finger scroll would put it.
        if thumb == nil, fastest > 5, apart.x > 35 || apart.y > 25 {
            thumb = (newest, false)
            return
        }
        if apart.x < 35 && apart.y < 25 {
            thumb = nil
            return
        }
        let began = down.compactMap { tracks[$0.id]?.began.microseconds }
        if let earliest = began.min(), let latest = tracks[newest]?.began.microseconds, latest - earliest < 100_000,
            first.y < rules.lowerThumbLine
        {
            thumb = nil
            return
        }
        thumb = apart.y > 25 ? (first.id, false) : nil
    }

    /// While the counted touches stay the same set: the lowest one not moving (under 1.5 mm, plus
    /// 0.5 mm per finger past two) while another moves (4 mm, plus 2 mm per finger past two) is a
    /// thumb resting on the pad; both moving settles it.
    mutating func detectRestingThumb(_ samples: [Sample], ignored: inout Set<Int32>) {
        guard rules.detectsThumbs else { return }
        var countedCount = 0
        var sameSet = true
        var lowest: Sample?
        for sample in samples where !ignored.contains(sample.id) {
            countedCount += 1
            if anchors[sample.id] == nil { sameSet = false }
            if lowest.map({ (sample.y, sample.id) > ($0.y, $0.id) }) ?? true { lowest = sample }
        }
        if !sameSet || countedCount != anchors.count {
            anchors.removeAll(keepingCapacity: true)
            for sample in samples where !ignored.contains(sample.id) { anchors[sample.id] = (sample.x, sample.y) }
            anchorsDecided = false
            return
        }
        guard countedCount >= 2, thumb == nil, !anchorsDecided, let lowest else { return }
        let extra = Double(countedCount - 2)
        let minimum = 1.5 + 0.5 * extra, maximum = 4.0 + 2.0 * extra
        func moved(_ sample: Sample) -> Double {
            guard let anchor = anchors[sample.id] else { return 0 }
            let d = rules.millimetres(dx: Int64(sample.x) - Int64(anchor.x), dy: Int64(sample.y) - Int64(anchor.y))
            return (d.x * d.x + d.y * d.y).squareRoot()
        }
        var farthestOther = 0.0
        for sample in samples where !ignored.contains(sample.id) && sample.id != lowest.id {
            farthestOther = max(farthestOther, moved(sample))
        }
        let lowestMoved = moved(lowest)
        if farthestOther >= maximum && lowestMoved < minimum {
            thumb = (lowest.id, false)
            ignored.insert(lowest.id)
            anchors[lowest.id] = nil
            anchorsDecided = true
        } else if lowestMoved >= minimum && farthestOther >= minimum {
            anchorsDecided = true
        }
    }
}
