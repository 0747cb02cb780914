import RealModule

/// Matches a drawn stroke against templates with Protractor (Yang Li, CHI 2010), the closed-form
/// successor of Wobbrock's $1: both the stroke and each template are resampled to
/// ``pointCount`` points equally far apart along the path, centred, and scaled to a unit vector;
/// the score is the cosine of the two vectors at the rotation that best aligns them — found in
/// closed form, no search.
///
/// Why Protractor and not $P/$Q: a point cloud forgets the order the points were drawn in, so a
/// circle drawn clockwise is one drawn counterclockwise, and an L drawn down-then-right is one
/// drawn left-then-up. Strokes that run commands must keep those apart; Protractor compares
/// points in drawing order, so direction is part of the shape. What $P gets from ignoring
/// order — any starting point on a closed shape — is given back here explicitly: a closed
/// template (``StrokeTemplate/isClosed``) is tried with any of the stroke's resampled points
/// as its start, against the stroke up to where it came back to its start (an overshoot left
/// out, ``StrokeShape/loopEnd(_:)``); a stroke that never came back matches no closed template.
///
/// Rotation: by default the stroke may be turned at most ``Options/rotationTolerance`` (30°)
/// to fit, so a "V" and a "<" stay different shapes; `rotationTolerance: nil` matches at any
/// rotation (Protractor's rotation-invariant form).
///
/// Protractor's cosine alone rates a straight line 0.93 like a check mark (whose long stroke it
/// mostly is), so the score is that cosine times how well the directions agree, step by step
/// (``StrokeShape``): the directions tell a corner from none.
///
/// Matching allocates nothing: the stroke is resampled into buffers its caller owns
/// (``Scratch``), and the templates were prepared once, as flat arrays.
public struct StrokeMatcher: Hashable, Sendable {
    /// How strokes are matched.
    public struct Options: Hashable, Sendable {
        /// How far a stroke may be turned to fit a template, radians; nil: any rotation.
        public var rotationTolerance: Radians?
        /// Whether a closed template may be drawn from any starting point.
        public var anyStartOnClosed: Bool
        /// How far below the best built-in shape a recorded one (any template that is not one of
        /// ``StrokeTemplate/builtIn``) may score and still be taken when the recorded shape
        /// resembles that built-in one (its drawings match it best among the built-in shapes,
        /// at ``resemblance`` or more): a shape the user recorded wins over the built-in one it
        /// resembles, on the drawings it was recorded from and on drawings like them (a `loop`
        /// recorded as circles names circles `loop`), and leaves the other shapes alone.
        public var recordedMargin: Double
        /// The score at which a recorded drawing resembles a built-in shape.
        public var resemblance: Double

        /// Creates options.
        public init(
            rotationTolerance: Radians? = Self.defaultRotationTolerance, anyStartOnClosed: Bool = true, recordedMargin: Double = 0.1,
            resemblance: Double = 0.85
        ) {
            self.rotationTolerance = rotationTolerance
            self.anyStartOnClosed = anyStartOnClosed
            self.recordedMargin = recordedMargin
            self.resemblance = resemblance
        }

        /// 30°: a shape drawn askew still matches; a quarter turn is another shape.
        public static let defaultRotationTolerance: Radians = .pi / 6
    }

    /// The buffers a stroke is resampled into: made once per recognizer, reused for every stroke.
    public struct Scratch: Sendable {
        /// The whole stroke.
        var open = StrokeShape()
        /// The stroke up to where it came back to its start, when it did (for closed templates).
        var loop = StrokeShape()
        var hasLoop = false

        /// Creates the buffers.
        public init() {}
    }

    /// Points each stroke is resampled to. Protractor found 16 enough; 32 keeps the corners
    /// of a zigzag.
    public static let pointCount = 32

    /// The templates, in the order given.
    public let templates: [StrokeTemplate]
    /// How strokes are matched.
    public let options: Options
    /// Each template's points as a unit vector, `2 * pointCount` numbers each, one after another.
    let vectors: ContiguousArray<Double>
    /// Each template's directions, as ``vectors``.
    let directions: ContiguousArray<Double>
    /// Which templates are closed (and may start anywhere).
    let closed: ContiguousArray<Bool>
    /// Each template's name as a number (the index of the first template of that name).
    let nameIDs: ContiguousArray<Int>
    /// Which templates are recorded (not built-in).
    let recorded: ContiguousArray<Bool>
    /// For a recorded template, the name (as in ``nameIDs``) of the built-in template its name's
    /// drawings resemble most, at ``Options/resemblance`` or more; -1 for none, and for the
    /// built-in ones.
    let resembles: ContiguousArray<Int>
    /// Which built-in templates some recorded name resembles.
    let resembled: ContiguousArray<Bool>
    /// cos, sin and tan of the rotation tolerance.
    let cosine: Double, sine: Double, tangent: Double

    /// Prepares `templates` for matching. Templates of fewer than two distinct points are kept
    /// but never match.
    public init(templates: [StrokeTemplate], options: Options = Options()) {
        self.templates = templates
        self.options = options
        var vectors = ContiguousArray<Double>()
        vectors.reserveCapacity(templates.count * 2 * Self.pointCount)
        var directions = vectors
        var shape = StrokeShape()
        let invariant = options.rotationTolerance == nil
        for template in templates {
            let path = StrokePath(template.points)
            let end = options.anyStartOnClosed && template.isClosed ? StrokeShape.loopEnd(path) ?? path.count : path.count
            shape.prepare(path, upTo: end, rotationInvariant: invariant)
            vectors.append(contentsOf: shape.points)
            directions.append(contentsOf: shape.directions)
        }
        self.vectors = vectors
        self.directions = directions
        closed = ContiguousArray(templates.map { options.anyStartOnClosed && $0.isClosed })
        var firsts: [String: Int] = [:]
        let nameIDs = ContiguousArray(templates.indices.map { index in
            if let first = firsts[templates[index].name] { return first }
            firsts[templates[index].name] = index
            return index
        })
        self.nameIDs = nameIDs
        let recorded = ContiguousArray(templates.map { !StrokeTemplate.builtIn.contains($0) })
        self.recorded = recorded
        // Which built-in shape each recorded name resembles: its drawings' best built-in match,
        // by their summed scores (at a load, not per stroke).
        var resembles = ContiguousArray(repeating: -1, count: templates.count)
        let builtIns = templates.indices.filter { !recorded[$0] }
        if !builtIns.isEmpty && recorded.contains(true) {
            var inner = options
            inner.recordedMargin = 0
            let matcher = StrokeMatcher(templates: builtIns.map { templates[$0] }, options: inner)
            var byName: [String: Int] = [:]
            for name in Set(templates.indices.filter { recorded[$0] }.map { templates[$0].name }) {
                var totals: [String: Double] = [:]
                for index in templates.indices where recorded[index] && templates[index].name == name {
                    if let match = matcher.match(templates[index].points), match.score >= options.resemblance { totals[match.name, default: 0] += match.score }
                }
                if let (builtIn, _) = totals.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), let first = builtIns.first(where: { templates[$0].name == builtIn }) {
                    byName[name] = nameIDs[first]
                }
            }
            for index in templates.indices where recorded[index] { resembles[index] = byName[templates[index].name] ?? -1 }
        }
        self.resembles = resembles
        resembled = ContiguousArray(templates.indices.map { index in !recorded[index] && resembles.contains(nameIDs[index]) })
        let tolerance = min(options.rotationTolerance ?? .pi, .pi)
        cosine = Double.cos(tolerance)
        sine = Double.sin(tolerance)
        tangent = tolerance < .pi / 2 ? Double.tan(tolerance) : .infinity
    }

    public static func == (lhs: StrokeMatcher, rhs: StrokeMatcher) -> Bool {
        lhs.templates == rhs.templates && lhs.options == rhs.options
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(templates)
        hasher.combine(options)
    }

    /// The template `drawing` is most like (a drawing known whole, such as a new recording):
    /// ``match(_:scratch:)`` with a buffer of its own.
    public func match(_ drawing: [Point]) -> StrokeMatch? {
        var scratch = Scratch()
        return match(StrokePath(drawing), scratch: &scratch)
    }

    /// The template `path` is most like, or nil when there are no templates or the path is a
    /// single point. Uses `scratch` for the resampled stroke; allocates nothing.
    public func match(_ path: StrokePath, scratch: inout Scratch) -> StrokeMatch? {
        guard !templates.isEmpty, path.count > 1, path.length > 0 else { return nil }
        let invariant = options.rotationTolerance == nil
        scratch.open.prepare(path, upTo: path.count, rotationInvariant: invariant)
        let loopEnd = options.anyStartOnClosed ? StrokeShape.loopEnd(path) : nil
        scratch.hasLoop = loopEnd != nil
        if let loopEnd { scratch.loop.prepare(path, upTo: loopEnd, rotationInvariant: invariant) }
        let n = Self.pointCount
        // The best score, and the best of a template with another name than the best's.
        var best = -Double.infinity
        var bestIndex = 0
        var runnerUp = 0.0
        var bestRecorded = -Double.infinity
        var bestRecordedIndex = -1
        let hasLoop = scratch.hasLoop
        let margin = options.recordedMargin
        withUnsafeBuffers(scratch) { open, loop in
            vectors.withUnsafeBufferPointer { allPoints in
                directions.withUnsafeBufferPointer { allDirections in
                    for index in templates.indices {
                        let range = (index * 2 * n)..<((index + 1) * 2 * n)
                        let template = (UnsafeBufferPointer(rebasing: allPoints[range]), UnsafeBufferPointer(rebasing: allDirections[range]))
                        let score: Double
                        if closed[index] {
                            // A closed shape needs a stroke that came back to its start: three
                            // sides of a square are no circle, however round the hand went.
                            guard hasLoop else { continue }
                            score = similarity(template, loop, closed: true)
                        } else {
                            score = similarity(template, open, closed: false)
                        }
                        let other = nameIDs[index] != nameIDs[bestIndex]
                        if score > best {
                            if other { runnerUp = best }  // the old best tops every other name
                            best = score
                            bestIndex = index
                        } else if other && score > runnerUp {
                            runnerUp = score
                        }
                    }
                    // The best is a built-in shape a recorded one resembles: the recorded one,
                    // within the margin, is the user's and wins (scored again: only then).
                    guard resembled[bestIndex] else { return }
                    for index in templates.indices where resembles[index] == nameIDs[bestIndex] {
                        let range = (index * 2 * n)..<((index + 1) * 2 * n)
                        let template = (UnsafeBufferPointer(rebasing: allPoints[range]), UnsafeBufferPointer(rebasing: allDirections[range]))
                        if closed[index] && !hasLoop { continue }
                        let score = closed[index] ? similarity(template, loop, closed: true) : similarity(template, open, closed: false)
                        if score > bestRecorded {
                            bestRecorded = score
                            bestRecordedIndex = index
                        }
                    }
                }
            }
        }
        if bestRecordedIndex >= 0, bestRecorded >= best - margin {
            return StrokeMatch(name: templates[bestRecordedIndex].name, score: max(bestRecorded, 0), runnerUp: max(best, 0))
        }
        return StrokeMatch(name: templates[bestIndex].name, score: max(best, 0), runnerUp: max(runnerUp, 0))
    }

    /// The scratch's two shapes as buffers, for the length of `body`.
    func withUnsafeBuffers(_ scratch: Scratch, _ body: (Prepared, Prepared) -> Void) {
        scratch.open.points.withUnsafeBufferPointer { openPoints in
            scratch.open.directions.withUnsafeBufferPointer { openDirections in
                scratch.loop.points.withUnsafeBufferPointer { loopPoints in
                    scratch.loop.directions.withUnsafeBufferPointer { loopDirections in
                        body((openPoints, openDirections), (loopPoints, loopDirections))
                    }
                }
            }
        }
    }
}
