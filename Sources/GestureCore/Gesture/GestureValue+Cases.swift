extension GestureValue {
    /// The drag value, if this is one.
    public var drag: DragGesture.Value? { if case .drag(let v) = self { v } else { nil } }
    /// The tap value, if this is one.
    public var tap: TapGesture.Value? { if case .tap(let v) = self { v } else { nil } }
    /// The magnify value, if this is one.
    public var magnify: MagnifyGesture.Value? { if case .magnify(let v) = self { v } else { nil } }
    /// The rotate value, if this is one.
    public var rotate: RotateGesture.Value? { if case .rotate(let v) = self { v } else { nil } }
    /// The swipe value, if this is one.
    public var swipe: SwipeGesture.Value? { if case .swipe(let v) = self { v } else { nil } }
    /// The edge swipe value, if this is one.
    public var edgeSwipe: EdgeSwipeGesture.Value? { if case .edgeSwipe(let v) = self { v } else { nil } }
    /// The composite value, if this is one.
    public var composite: CompositeValue? { if case .composite(let v) = self { v } else { nil } }
    /// The stroke value, if this is one.
    public var stroke: StrokeGesture.Value? { if case .stroke(let v) = self { v } else { nil } }
    /// The hold value, if this is one.
    public var hold: HoldGesture.Value? { if case .hold(let v) = self { v } else { nil } }
}
