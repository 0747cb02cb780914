import GestureCore

/// A value a binding can publish as its auto-resetting state (`state:` in the configuration).
public enum StateField: String, Hashable, Sendable, CaseIterable {
    /// A drag's, swipe's or edge swipe's movement (vector, mm); resets to (0, 0).
    case translation
    /// The current centroid (point, mm); resets to (0, 0).
    case location
    /// The centroid's velocity (vector, mm/s); resets to (0, 0).
    case velocity
    /// A magnify's scale; resets to 1.
    case magnification
    /// A rotate's angle (radians); resets to 0.
    case rotation
    /// A swipe's or edge swipe's distance (mm); resets to 0.
    case distance
    /// A hold's duration (s); resets to 0.
    case duration
    /// Whether a long press succeeded; resets to false.
    case pressed

    /// The value it resets to.
    public var initialValue: GestureValue {
        switch self {
        case .translation, .velocity: .vector(.zero)
        case .location: .point(.zero)
        case .magnification: .number(1)
        case .rotation, .distance, .duration: .number(0)
        case .pressed: .bool(false)
        }
    }

    /// This field of `value`: of the value itself, or of the first part of a combined value
    /// that has it.
    public func read(from value: GestureValue) -> GestureValue? {
        switch (self, value) {
        case (.translation, .drag(let v)): .vector(v.translation)
        case (.translation, .swipe(let v)): .vector(v.translation)
        case (.translation, .edgeSwipe(let v)): .vector(v.translation)
        case (.location, .drag(let v)): .point(v.location)
        case (.location, .tap(let v)): .point(v.location)
        case (.location, .spatialTap(let v)): .point(v.location)
        case (.location, .magnify(let v)): .point(v.location)
        case (.location, .rotate(let v)): .point(v.location)
        case (.location, .edgeSwipe(let v)): .point(v.location)
        case (.location, .hold(let v)): .point(v.location)
        case (.velocity, .drag(let v)): .vector(v.velocity)
        case (.velocity, .swipe(let v)): .vector(v.velocity)
        case (.velocity, .edgeSwipe(let v)): .vector(v.velocity)
        case (.magnification, .magnify(let v)): .number(v.magnification)
        case (.rotation, .rotate(let v)): .number(v.rotation)
        case (.distance, .swipe(let v)): .number(v.distance)
        case (.distance, .edgeSwipe(let v)): .number(v.distance)
        case (.duration, .hold(let v)): .number(v.duration)
        case (.pressed, .longPress(let pressed)): .bool(pressed)
        case (_, .composite(let parts)): parts.first.flatMap(read) ?? parts.second.flatMap(read)
        default: nil
        }
    }
}
