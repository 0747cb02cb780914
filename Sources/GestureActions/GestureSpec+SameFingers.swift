import GesturePipeline

/// Whether two gestures are one movement of the fingers: what `gesturectl view` names before an
/// import adds a gesture beside one the file already acts on (issue 62: `lg-swipe-left-3` beside
/// `swipe-left-3`, and both ran).
extension GestureSpec {
    /// Whether the same fingers doing the same thing are recognized as both: the same kind of
    /// recognizer with the same fingers (and count, direction, edge); a magnify whose direction
    /// is left open is the same as one that has it. Thresholds are not compared, and
    /// combinations and strokes are never the same as anything here.
    public func sharesFingers(with other: GestureSpec) -> Bool {
        switch (self, other) {
        case (.tap(let c1, let f1), .tap(let c2, let f2)), (.spatialTap(let c1, let f1), .spatialTap(let c2, let f2)),
            (.tap(let c1, let f1), .spatialTap(let c2, let f2)), (.spatialTap(let c1, let f1), .tap(let c2, let f2)):
            c1 == c2 && f1 == f2
        case (.longPress(_, _, let a), .longPress(_, _, let b)), (.hold(let a), .hold(let b)), (.drag(_, let a, _), .drag(_, let b, _)),
            (.rotate(_, let a, _), .rotate(_, let b, _)):
            a == b
        case (.magnify(_, let a, _, let d1), .magnify(_, let b, _, let d2)): a == b && (d1 == nil || d2 == nil || d1 == d2)
        case (.swipe(let d1, let a, _, _), .swipe(let d2, let b, _, _)): a == b && d1 == d2
        case (.edgeSwipe(let e1, let a, _), .edgeSwipe(let e2, let b, _)): a == b && e1 == e2
        default: false
        }
    }
}
