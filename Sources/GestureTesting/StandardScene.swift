import GestureCore

/// Sixteen bindings that exercise every recognizer, combinator and priority: the desktop set
/// of the built-in configuration plus an app's own gestures. Tests and benchmarks share it.
public struct StandardScene {
    /// The bindings, in attach order.
    public private(set) var bindings: [BindingID] = []
    /// Mirrors the pan's translation.
    public let panOffset = GestureState(initialValue: Vector.zero)
    /// Mirrors the zoom's magnification.
    public let zoomScale = GestureState(initialValue: 1.0)
    /// Mirrors the back gesture's progress.
    public let backProgress = GestureState(initialValue: 0.0)

    /// Attaches the scene to a device's root target.
    public init(engine: GestureEngine, root: TargetID) {
        for fingers in [3, 4] {
            for direction in [SwipeDirection.left, .right, .up, .down] {
                bindings.append(engine.attach(SwipeGesture(direction: direction, fingers: fingers), named: "swipe-\(direction.rawValue)-\(fingers)", to: root))
            }
        }
        bindings.append(engine.attach(
            MagnifyGesture().simultaneously(with: RotateGesture()).updating(zoomScale) { value, scale in scale = value.first?.magnification ?? 1 },
            named: "zoom", to: root, publishing: zoomScale))
        bindings.append(engine.attach(
            DragGesture().updating(panOffset) { value, offset in offset = value.translation },
            named: "pan", to: root, publishing: panOffset))
        bindings.append(engine.attach(TapGesture(count: 2).exclusively(before: TapGesture(count: 1)), named: "taps", to: root))
        bindings.append(engine.attach(LongPressGesture().sequenced(before: DragGesture()), named: "press-drag", to: root))
        // Edge swipes sit on edge regions: as inner targets they outrank the pan on the root,
        // which waits for them to fail instead of winning at 2 mm.
        let leftEdge = engine.addRegion(.edge(.left, width: nil), in: root)
        let rightEdge = engine.addRegion(.edge(.right, width: nil), in: root)
        bindings.append(engine.attach(
            EdgeSwipeGesture(edge: .left).updating(backProgress) { value, progress in progress = value.distance },
            named: "back", to: leftEdge, publishing: backProgress))
        bindings.append(engine.attach(EdgeSwipeGesture(edge: .right), named: "panel", to: rightEdge))
        bindings.append(engine.attach(HoldGesture(fingers: 2), named: "hold-2", to: root, priority: .simultaneous))
        let corner = engine.addRegion(.rect(Rect(x: 0, y: 0, width: 30, height: 30)), in: root)
        bindings.append(engine.attach(DragGesture(minimumDistance: 0), named: "shield", to: corner, priority: .high))
    }

    /// Whether every mirrored state is back at its initial value.
    public var statesAreReset: Bool {
        panOffset.wrappedValue == .zero && zoomScale.wrappedValue == 1 && backProgress.wrappedValue == 0
    }
}
