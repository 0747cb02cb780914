import GestureCore
import GestureWire

/// A shape being recorded: drawings of it taken from `touches` events (``StrokeCapture``) until
/// there are enough, each too short or unlike the first asked for again. What `gesturectl
/// stroke record` and the view's Actions panel both record with; saying what happened and
/// writing the strokes file are theirs.
public struct StrokeRecording: Sendable {
    /// What one `touches` event did to the recording.
    public enum Step: Sendable, Equatable {
        /// More fingers than the drawing's came down: draw it again.
        case tooManyFingers(Int)
        /// A drawing shorter than the minimum (its length, mm): draw it larger.
        case tooShort(Double)
        /// A drawing unlike the first (its score against it): draw it again the same way.
        case unlike(Double)
        /// A drawing taken: its length (mm) and how long it took (s).
        case took(length: Double, duration: Double)
    }

    /// The shape's name.
    public let name: String
    /// How many drawings it takes.
    public let times: Int
    /// The shortest drawing taken, mm.
    public let minimumLength: Double
    /// The drawings taken so far.
    public private(set) var drawings: [StrokeTemplate] = []
    var capture: StrokeCapture

    /// A recording of `name`, `times` drawings of `fingers` fingers, each at least `minimumLength` mm.
    public init(name: String, times: Int = 3, fingers: Int = 1, minimumLength: Double = GestureSettings.standard.strokeMinimumLength) {
        self.name = name
        self.times = times
        self.minimumLength = minimumLength
        capture = StrokeCapture(fingers: fingers)
    }

    /// The fingers a drawing takes.
    public var fingers: Int { capture.fingers }

    /// Whether every drawing is in.
    public var isDone: Bool { drawings.count >= times }

    /// Takes one `touches` event; nil when it finished no drawing.
    public mutating func take(_ touches: JSONValue) -> Step? {
        guard !isDone else { return nil }
        switch capture.take(touches) {
        case .none: return nil
        case .tooManyFingers(let count): return .tooManyFingers(count)
        case .drawn(let drawing):
            let template = StrokeCapture.template(name, drawing.points)
            guard drawing.length >= minimumLength else { return .tooShort(drawing.length) }
            if let first = drawings.first, let unlike = Self.unlike(template, first) { return .unlike(unlike) }
            drawings.append(template)
            return .took(length: drawing.length, duration: drawing.duration)
        }
    }

    /// The score of `drawing` against `first` when it is below the minimum; nil when alike.
    public static func unlike(_ drawing: StrokeTemplate, _ first: StrokeTemplate) -> Double? {
        let score = StrokeMatcher(templates: [first]).match(drawing.points)?.score ?? 0
        return score < GestureSettings.standard.strokeMinimumScore ? score : nil
    }

    /// What a step means for the one drawing: `gesturectl stroke record`'s words.
    public func said(_ step: Step) -> String {
        switch step {
        case .tooManyFingers(let count):
            return "\(count) fingers came down, not \(fingers); lift them all and draw \(name) again"
        case .tooShort(let length):
            return "that was \(GestureEventText.format(length, 0)) mm; draw \(name) larger, at least \(GestureEventText.format(minimumLength, 0)) mm of path"
        case .unlike(let score):
            return "that one is unlike the first (score \(GestureEventText.format(score, 2)), \(GestureEventText.format(GestureSettings.standard.strokeMinimumScore, 2)) needed); draw \(name) again the same way"
        case .took(let length, let duration):
            let next = drawings.count < times ? "; draw it again (\(drawings.count + 1) of \(times))" : ""
            return "got \(name) \(drawings.count) of \(times): \(GestureEventText.format(length, 0)) mm in \(GestureEventText.format(duration, 2)) s\(next)"
        }
    }
}
