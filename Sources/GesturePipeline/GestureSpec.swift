import GestureCore

/// A gesture as the configuration describes it: a tree of recognizers and combinators with their
/// parameters (lengths in mm, durations in s, angles in degrees). Comparable, so a reload can
/// tell an unchanged binding from a changed one.
public indirect enum GestureSpec: Hashable, Sendable {
    /// `tap: { count, fingers }`
    case tap(count: Int, fingers: Int)
    /// `spatialTap: { count, fingers }`
    case spatialTap(count: Int, fingers: Int)
    /// `longPress: { minimumDuration, maximumDistance, fingers }`
    case longPress(minimumDuration: Seconds?, maximumDistance: Millimetres?, fingers: Int)
    /// `drag: { minimumDistance, fingers, extraTouches }`
    case drag(minimumDistance: Millimetres?, fingers: Int, extraTouches: ExtraTouchPolicy)
    /// `magnify: { minimumScaleDelta, fingers (2 or more), extraTouches, direction (in, out) }`
    case magnify(minimumScaleDelta: Double?, fingers: Int = 2, extraTouches: ExtraTouchPolicy, direction: PinchDirection? = nil)
    /// `rotate: { minimumAngleDelta (degrees), fingers (2 or more), extraTouches }`
    case rotate(minimumAngleDelta: Double?, fingers: Int = 2, extraTouches: ExtraTouchPolicy)
    /// `swipe: { direction, fingers, minimumDistance, minimumVelocity }`
    case swipe(direction: SwipeDirection, fingers: Int, minimumDistance: Millimetres?, minimumVelocity: Double?)
    /// `edgeSwipe: { edge, fingers, minimumDistance }`
    case edgeSwipe(edge: Edge, fingers: Int, minimumDistance: Millimetres?)
    /// `hold: { fingers }`
    case hold(fingers: Int)
    /// `stroke: { fingers, shapes, minimumScore, minimumLength, rotation }`: the shapes'
    /// templates resolved (built-in, the file's `strokes:`, a subscription's `strokes`);
    /// `rotation` in degrees, 180 for any.
    case stroke(fingers: Int, templates: [StrokeTemplate], minimumScore: Double?, minimumLength: Millimetres?, rotation: Double?)
    /// `simultaneously: [a, b, …]` (folded left: `a.simultaneously(with: b)…`)
    case simultaneously([GestureSpec])
    /// `sequenced: [a, b, …]`
    case sequenced([GestureSpec])
    /// `exclusively: [a, b, …]`
    case exclusively([GestureSpec])

    /// The recognizable gesture.
    public var gesture: AnyGesture {
        switch self {
        case .tap(let count, let fingers): AnyGesture(TapGesture(count: count, fingers: fingers))
        case .spatialTap(let count, let fingers): AnyGesture(SpatialTapGesture(count: count, fingers: fingers))
        case .longPress(let duration, let distance, let fingers):
            AnyGesture(LongPressGesture(minimumDuration: duration, maximumDistance: distance, fingers: fingers))
        case .drag(let distance, let fingers, let extra):
            AnyGesture(DragGesture(minimumDistance: distance, fingers: fingers, extraTouches: extra))
        case .magnify(let delta, let fingers, let extra, let direction):
            AnyGesture(MagnifyGesture(minimumScaleDelta: delta, fingers: fingers, extraTouches: extra, direction: direction))
        case .rotate(let degrees, let fingers, let extra):
            AnyGesture(RotateGesture(minimumAngleDelta: degrees.map { $0 * .pi / 180 }, fingers: fingers, extraTouches: extra))
        case .swipe(let direction, let fingers, let distance, let velocity):
            AnyGesture(SwipeGesture(direction: direction, fingers: fingers, minimumDistance: distance, minimumVelocity: velocity))
        case .edgeSwipe(let edge, let fingers, let distance):
            AnyGesture(EdgeSwipeGesture(edge: edge, fingers: fingers, minimumDistance: distance))
        case .hold(let fingers): AnyGesture(HoldGesture(fingers: fingers))
        case .stroke(let fingers, let templates, let score, let length, let rotation):
            AnyGesture(
                StrokeGesture(
                    fingers: fingers, templates: templates,
                    options: .init(rotationTolerance: rotation.map { $0 >= 180 ? nil : $0 * .pi / 180 } ?? StrokeMatcher.Options.defaultRotationTolerance),
                    minimumScore: score, minimumLength: length))
        case .simultaneously(let parts): Self.fold(parts) { AnyGesture($0.simultaneously(with: $1)) }
        case .sequenced(let parts): Self.fold(parts) { AnyGesture($0.sequenced(before: $1)) }
        case .exclusively(let parts): Self.fold(parts) { AnyGesture($0.exclusively(before: $1)) }
        }
    }

    static func fold(_ parts: [GestureSpec], _ combine: (AnyGesture, AnyGesture) -> AnyGesture) -> AnyGesture {
        parts.dropFirst().reduce(parts[0].gesture) { combine($0, $1.gesture) }
    }

    /// How many fingers it needs real positions of (``DeviceGeometry/placedFingers``): a pinch
    /// or a twist its fingers, the most any of its parts needs; 0 when the finger count and
    /// the centroid suffice.
    public var placedFingersNeeded: Int {
        switch self {
        case .magnify(_, let fingers, _, _), .rotate(_, let fingers, _): fingers
        case .tap, .spatialTap, .longPress, .drag, .swipe, .edgeSwipe, .hold, .stroke: 0
        case .simultaneously(let parts), .sequenced(let parts), .exclusively(let parts): parts.map(\.placedFingersNeeded).max()!
        }
    }

    /// The fewest fingers down at which it may claim touches: its own count;
    /// the most of its parts when they recognize together, the fewest when one of them may
    /// (in sequence, or exclusively).
    public var fewestFingers: Int {
        switch self {
        case .tap(_, let fingers), .spatialTap(_, let fingers), .longPress(_, _, let fingers), .drag(_, let fingers, _),
            .swipe(_, let fingers, _, _), .edgeSwipe(_, let fingers, _), .hold(let fingers), .magnify(_, let fingers, _, _),
            .rotate(_, let fingers, _), .stroke(let fingers, _, _, _, _):
            fingers
        case .simultaneously(let parts): parts.map(\.fewestFingers).max()!
        case .sequenced(let parts), .exclusively(let parts): parts.map(\.fewestFingers).min()!
        }
    }

    /// Levels of combinators: 0 for a single recognizer.
    public var depth: Int {
        switch self {
        case .simultaneously(let parts), .sequenced(let parts), .exclusively(let parts): 1 + parts.map(\.depth).max()!
        default: 0
        }
    }

    /// The recognizers (leaves) in the tree.
    public var recognizerCount: Int {
        switch self {
        case .simultaneously(let parts), .sequenced(let parts), .exclusively(let parts): parts.reduce(0) { $0 + $1.recognizerCount }
        default: 1
        }
    }

    /// The value fields its parts' values have, over all its parts (what ``StateField/read(from:)``
    /// can find in its value).
    public var valueFields: Set<StateField> {
        switch self {
        case .tap, .spatialTap: [.location]
        case .longPress: [.pressed]
        case .drag: [.translation, .location, .velocity]
        case .magnify: [.magnification, .location]
        case .rotate: [.rotation, .location]
        case .swipe: [.distance, .translation, .velocity]
        case .edgeSwipe: [.distance, .translation, .location, .velocity]
        case .hold: [.duration, .location]
        case .stroke: []
        case .simultaneously(let parts), .sequenced(let parts), .exclusively(let parts):
            parts.reduce(into: Set<StateField>()) { $0.formUnion($1.valueFields) }
        }
    }

    /// The value fields a `state:` may publish: those a client sees with their live value while
    /// the gesture is active (a GestureState resets when the gesture ends). A tap's or a long
    /// press's ends the moment it is recognized, so its fields are seen only where the gesture
    /// stays active after that part: the parts of a sequence before its last, and beside a part
    /// that goes on (`simultaneously`).
    public var stateFields: Set<StateField> {
        switch self {
        case .tap, .spatialTap, .longPress, .stroke: []
        case .sequenced(let parts):
            parts.dropLast().reduce(into: parts.last!.stateFields) { $0.formUnion($1.valueFields) }
        case .simultaneously(let parts):
            parts.contains { !$0.isDiscrete }
                ? parts.reduce(into: Set<StateField>()) { $0.formUnion($1.valueFields) }
                : parts.reduce(into: Set<StateField>()) { $0.formUnion($1.stateFields) }
        case .exclusively(let parts):
            parts.reduce(into: Set<StateField>()) { $0.formUnion($1.stateFields) }
        default: valueFields
        }
    }

    /// It ends the moment it is recognized, never active before (tap, spatialTap, longPress,
    /// stroke, and combinations of only those but a sequence, which is active between its parts).
    public var isDiscrete: Bool {
        switch self {
        case .tap, .spatialTap, .longPress, .stroke: true
        case .sequenced: false
        case .simultaneously(let parts), .exclusively(let parts): parts.allSatisfy(\.isDiscrete)
        default: false
        }
    }
}
