/// The competition for one touch.
///
/// Contract (checked by the tests through ``GestureEngine/arenaLog``):
/// 1. Every member receives exactly one decision, accept or reject, per touch sequence;
///    decisions only move forward (pending → accepted | rejected), never back.
/// 2. A member is accepted when its gesture claims the touch (becomes active, or ends) and no
///    competing member of higher rank is still pending; it then rejects every other pending
///    competing member (they fail with ``FailureReason/preempted``). A member whose gesture
///    fails is rejected.
/// 3. Ranks: high-priority members rank above normal ones, outer before inner; normal members
///    rank inner before outer; equal ranks are decided by who claims first (then attach order).
///    Simultaneous members do not compete: accepted when they claim, never preempted.
/// 4. The arena stays open after its touch lifts while members are pending (a double tap waiting
///    for its second tap), and closes once the touch is gone and every member has decided.
final class Arena {
    @exclusivity(unchecked) var touch: UInt64 = 0
    @exclusivity(unchecked) var members: [ArenaMember] = []
    @exclusivity(unchecked) var pending = 0
    @exclusivity(unchecked) var touchLive = true

    init() {
        members.reserveCapacity(16)
    }

    func open(touch: UInt64) {
        self.touch = touch
        members.removeAll(keepingCapacity: true)
        pending = 0
        touchLive = true
    }
}
