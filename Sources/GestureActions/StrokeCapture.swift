import GestureCore
import GesturePipeline
import GestureWire

/// Turns `touches` events (docs/PROTOCOL.md) into drawings, for `gesturectl stroke record`:
/// a drawing starts when `fingers` fingers are down on one device and is the path of their
/// centroid until one of them lifts — as a ``StrokeGesture`` follows them. More fingers than
/// that spoil the drawing; the next starts once every finger has lifted. Pure: events in,
/// drawings out.
public struct StrokeCapture: Sendable {
    /// A finished drawing.
    public struct Drawing: Sendable, Equatable {
        /// The device it was drawn on.
        public var device: Int64
        /// The centroid's path, millimetres.
        public var points: [Point]
        /// Seconds from all fingers down to the lift.
        public var duration: Double

        /// Creates a drawing.
        public init(device: Int64, points: [Point], duration: Double) {
            self.device = device
            self.points = points
            self.duration = duration
        }

        /// Length of the path, millimetres.
        public var length: Double { StrokeTemplate(name: "", points: points).length }
    }

    /// What an event meant.
    public enum Step: Sendable, Equatable {
        /// Nothing finished.
        case none
        /// A drawing finished.
        case drawn(Drawing)
        /// More fingers than the drawing's came down: it is dropped.
        case tooManyFingers(Int)
    }

    enum State: Sendable {
        /// Waiting for fingers (or for the last ones to lift after a drawing).
        case idle(waitingForLift: Bool)
        /// Drawing on `device` with the fingers `ids` since `start`.
        case drawing(device: Int64, ids: Set<Int64>, start: Double, points: [Point])
    }

    /// Fingers a drawing takes.
    public let fingers: Int
    var state = State.idle(waitingForLift: false)

    /// Captures drawings of `fingers` fingers.
    public init(fingers: Int) {
        self.fingers = fingers
    }

    /// Takes one `touches` event.
    public mutating func take(_ event: JSONValue) -> Step {
        guard let device = event["device"]?.intValue, let contacts = event["contacts"]?.arrayValue else { return .none }
        let time = event["time"]?.doubleValue ?? 0
        let live = contacts.filter { !["ended", "cancelled"].contains($0["phase"]?.stringValue ?? "") }
        switch state {
        case .idle(let waitingForLift):
            if waitingForLift {
                if live.isEmpty { state = .idle(waitingForLift: false) }
                return .none
            }
            if live.count > fingers {
                state = .idle(waitingForLift: true)
                return .tooManyFingers(live.count)
            }
            guard live.count == fingers else { return .none }
            state = .drawing(device: device, ids: Set(live.compactMap { $0["id"]?.intValue }), start: time, points: [Self.centroid(live)])
            return .none
        case .drawing(let drawingDevice, let ids, let start, var points):
            guard device == drawingDevice else { return .none }
            if live.count > fingers {
                state = .idle(waitingForLift: true)
                return .tooManyFingers(live.count)
            }
            let tracked = contacts.filter { ids.contains($0["id"]?.intValue ?? -1) }
            let lifted = tracked.count < ids.count || tracked.contains { ["ended", "cancelled"].contains($0["phase"]?.stringValue ?? "") }
            if !tracked.isEmpty, !lifted { points.append(Self.centroid(tracked)) }
            guard lifted else {
                state = .drawing(device: device, ids: ids, start: start, points: points)
                return .none
            }
            // The next drawing starts once every finger is up.
            state = .idle(waitingForLift: !live.isEmpty)
            return .drawn(Drawing(device: device, points: points, duration: time - start))
        }
    }

    static func centroid(_ contacts: [JSONValue]) -> Point {
        var x = 0.0
        var y = 0.0
        for contact in contacts {
            x += contact["x"]?.doubleValue ?? 0
            y += contact["y"]?.doubleValue ?? 0
        }
        let count = Double(max(contacts.count, 1))
        return Point(x: x / count, y: y / count)
    }

    /// `points` as a template's: ``StrokeMatcher/pointCount`` points equally spaced along the
    /// path, moved so the drawing's top-left corner is at 0, 0; what a strokes file keeps.
    public static func template(_ name: String, _ points: [Point]) -> StrokeTemplate {
        let path = StrokePath(points)
        var shape = ContiguousArray<Double>()
        StrokeShape.resample(path, upTo: path.count, into: &shape)
        var resampled: [Point] = []
        for i in stride(from: 0, to: shape.count, by: 2) { resampled.append(Point(x: shape[i], y: shape[i + 1])) }
        let left = resampled.map(\.x).min() ?? 0
        let top = resampled.map(\.y).min() ?? 0
        return StrokeTemplate(name: name, points: resampled.map { Point(x: (($0.x - left) * 10).rounded() / 10, y: (($0.y - top) * 10).rounded() / 10) })
    }
}
