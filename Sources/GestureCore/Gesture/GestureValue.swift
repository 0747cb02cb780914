/// A gesture's value with its type erased: what events carry and what the wire protocol
/// encodes. Leaf cases are stored inline; only the combinator cases box their children.
public enum GestureValue: Hashable, Sendable {
    /// A tap's value.
    case tap(TapGesture.Value)
    /// A spatial tap's value.
    case spatialTap(SpatialTapGesture.Value)
    /// A long press's value (`true` once the press succeeded).
    case longPress(Bool)
    /// A drag's value.
    case drag(DragGesture.Value)
    /// A magnify's value.
    case magnify(MagnifyGesture.Value)
    /// A rotate's value.
    case rotate(RotateGesture.Value)
    /// A swipe's value.
    case swipe(SwipeGesture.Value)
    /// An edge swipe's value.
    case edgeSwipe(EdgeSwipeGesture.Value)
    /// A hold's value.
    case hold(HoldGesture.Value)
    /// A stroke's value: the shape it matched.
    case stroke(StrokeGesture.Value)
    /// A boolean (published states).
    case bool(Bool)
    /// A number (published states).
    case number(Double)
    /// A position (published states).
    case point(Point)
    /// A displacement (published states, such as a drag's translation).
    case vector(Vector)
    /// A combined gesture's value.
    case composite(CompositeValue)

    /// A simultaneous gesture: the values of whichever parts are active or ended.
    public static func simultaneous(first: GestureValue?, second: GestureValue?) -> GestureValue {
        .composite(CompositeValue(kind: .simultaneous, first: first, second: second))
    }

    /// A sequence whose first gesture is still in progress.
    public static func sequenceFirst(_ first: GestureValue) -> GestureValue {
        .composite(CompositeValue(kind: .sequenceFirst, first: first, second: nil))
    }

    /// A sequence whose first gesture succeeded; the second's value once it has one.
    public static func sequenceSecond(_ first: GestureValue, _ second: GestureValue?) -> GestureValue {
        .composite(CompositeValue(kind: .sequenceSecond, first: first, second: second))
    }

    /// An exclusive gesture decided for its first branch.
    public static func exclusiveFirst(_ first: GestureValue) -> GestureValue {
        .composite(CompositeValue(kind: .exclusiveFirst, first: first, second: nil))
    }

    /// An exclusive gesture decided for its second branch (the first failed).
    public static func exclusiveSecond(_ second: GestureValue) -> GestureValue {
        .composite(CompositeValue(kind: .exclusiveSecond, first: nil, second: second))
    }
}
