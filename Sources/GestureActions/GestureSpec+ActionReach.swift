import GesturePipeline
/// What an action's `on:` can see of a gesture: whether its instances are ever `active` (taps,
/// long presses and strokes end as soon as they are recognized, as in SwiftUI), and which steps its
/// value can be counted in.
extension GestureSpec {
    /// Its kind in words, for messages: `a tap`, `a long press`, `a magnify`.
    public var kindPhrase: String {
        switch self {
        case .tap: "a tap"
        case .spatialTap: "a spatial tap"
        case .longPress: "a long press"
        case .drag: "a drag"
        case .magnify: "a magnify"
        case .rotate: "a rotate"
        case .swipe: "a swipe"
        case .edgeSwipe: "an edge swipe"
        case .hold: "a hold"
        case .stroke: "a stroke"
        case .simultaneously: "a simultaneous combination"
        case .sequenced: "a sequence"
        case .exclusively: "an exclusive combination"
        }
    }

    /// Whether an instance is ever `active` before it ends (false for taps, long presses and strokes, and
    /// for combinations of nothing else).
    public var becomesActive: Bool {
        switch self {
        case .tap, .spatialTap, .longPress, .stroke: false
        case .drag, .magnify, .rotate, .swipe, .edgeSwipe, .hold: true
        case .simultaneously(let parts), .sequenced(let parts), .exclusively(let parts): parts.contains { $0.becomesActive }
        }
    }

    /// The step measures its value carries (``ActionStep/Measure`` by name: `distance`, `scale`,
    /// `angle`), over all its parts.
    public var stepMeasures: Set<String> {
        switch self {
        case .drag, .swipe, .edgeSwipe: ["distance"]
        case .magnify: ["scale"]
        case .rotate: ["angle"]
        case .tap, .spatialTap, .longPress, .hold, .stroke: []
        case .simultaneously(let parts), .sequenced(let parts), .exclusively(let parts):
            parts.reduce(into: Set<String>()) { $0.formUnion($1.stepMeasures) }
        }
    }

    /// Why an action's `stroke:` can never match this gesture (named `name`): it is no stroke,
    /// or none of its shapes has that name; nil when it can (or there is no `stroke:`).
    public func unknownStrokes(_ names: [String]?, name: String) -> String? {
        guard let names else { return nil }
        guard case .stroke(_, let templates, _, _, _) = self else {
            return "`stroke:` picks the shape a stroke gesture drew, and `\(name)` is \(kindPhrase)"
        }
        let known = templates.names
        guard let unknown = names.first(where: { !known.contains($0) }) else { return nil }
        return "`\(name)` has no shape `\(unknown)`; its shapes: \(known.joined(separator: ", ")) (`gesturectl stroke record \(unknown)` records one)"
    }

    /// Why `trigger` can never run for this gesture (named `name`), with what to use instead;
    /// nil when it can.
    public func unreachable(_ trigger: ActionTrigger, name: String) -> String? {
        let never = "`\(name)` is \(kindPhrase), which ends as soon as it is recognized and is never active"
        switch trigger {
        case .ended:
            return nil
        case .failed:
            guard case .stroke = self else { return nil }
            return "`on: failed` never runs: `\(name)` is a stroke, which fails (noMatch, tooShort) before any client saw it begin, so no `failed` event is sent; `gesturectl subscribe --trace` shows those failures"
        case .began:
            return becomesActive ? nil : "`on: began` never runs: \(never); use `on: ended`"
        case .held:
            return becomesActive
                ? nil : "`on: { held: … }` never runs: \(never); use `on: ended`, or a `hold:` gesture (fingers held still) to repeat while held"
        case .update(let step):
            guard becomesActive else { return "`on: { update: … }` never runs: \(never); use `on: ended`" }
            let measure = step.measure.name
            let measures = stepMeasures
            guard !measures.contains(measure) else { return nil }
            if measures.isEmpty { return "`every: { \(measure): … }` never counts: the value of \(kindPhrase) has no step to count; use `on: { held: SECONDS }` to repeat while it lasts" }
            return "`every: { \(measure): … }` never counts: the value of \(kindPhrase) has no \(measure); use \(measures.sorted().map { "`\($0):`" }.joined(separator: " or "))"
        }
    }
}

extension ActionStep.Measure {
    /// Its key in `every:`.
    public var name: String {
        switch self {
        case .distance: "distance"
        case .scale: "scale"
        case .angle: "angle"
        }
    }
}
