/// Why a gesture instance failed. Carried by ``GesturePhase/failed(_:)`` and published to
/// clients, so cleanup code knows what happened.
public enum FailureReason: String, Hashable, Sendable, CaseIterable {
    /// More fingers touched than the gesture takes (a drag joined by a second finger).
    case extraTouch
    /// The fingers lifted, or moved away, before as many as the gesture needs were down.
    case tooFewTouches
    /// A finger moved further than the gesture allows (a tap or long press that slid).
    case movedTooFar
    /// The fingers lifted before the gesture's minimum duration (a long press released early).
    case releasedTooEarly
    /// Some of the fingers lifted and the others stayed down: the hand did not lift, its
    /// finger count changed (a hold, as libinput cancels one).
    case fingerCountChanged
    /// The fingers stayed down longer than the gesture allows (a tap held too long).
    case heldTooLong
    /// The movement went in a direction the gesture does not accept.
    case wrongDirection
    /// The fingers did not move the same way: some went against the others (they spread or
    /// closed, as a pinch does), so it is no swipe, as libinput judges one.
    case fingersApart
    /// The fingers did not start where the gesture must start (an edge swipe away from its edge).
    case outsideEdge
    /// The movement was shorter than the gesture's minimum distance.
    case tooShort
    /// The movement was slower than the gesture's minimum velocity.
    case tooSlow
    /// A drawn stroke was like none of the gesture's templates (its best score was below the
    /// gesture's minimum).
    case noMatch
    /// The touches ended without meeting the gesture's criteria.
    case notRecognized
    /// A waiting period ran out (the next tap of a multi-tap never came).
    case timeout
    /// A higher-priority or earlier gesture won the touches, or an exclusive sibling succeeded.
    case preempted
    /// The source cancelled a touch the gesture was using (palm rejection, resync).
    case cancelled
    /// The device the touches were on went away.
    case deviceRemoved
    /// The binding was disabled while the gesture was in flight.
    case disabled
    /// The binding was removed or changed by a configuration reload.
    case reconfigured
    /// The screen turned while the gesture was in flight (its device is followed as the
    /// screen turns): positions before and after the turn do not compare.
    case rotated
    /// The client unsubscribed while the gesture was in flight (sent to that client only).
    case unsubscribed
    /// The client's user is no longer the one in front of the device's seat (another session
    /// became active); sent to that client only, or its own gesture ends for real.
    case sessionInactive
    /// A `shouldBegin` predicate vetoed the gesture.
    case vetoed
    /// The engine is shutting down.
    case shutdown
}
