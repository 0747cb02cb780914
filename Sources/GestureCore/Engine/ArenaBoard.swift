/// The arenas: one per touch, where the bindings the touch hit compete for it. A plain value
/// that knows members by binding index and rank; the engine asks it (``standing(of:binding:rank:)``),
/// tells it (``accept(_:binding:competes:losers:)``, ``reject(_:binding:waiting:)``) and applies
/// what it hands back — losers to fail, waiting members to give another turn — so each rule is
/// tested without an engine (`ArenaBoardTests`).
///
/// Contract (checked by the tests through ``GestureEngine/arenaLog`` and `ArenaAudit`):
/// 1. Every member receives exactly one decision, accept or reject, per touch sequence;
///    decisions only move forward (pending → accepted | rejected), never back.
/// 2. A member is accepted when its gesture claims the touch (becomes active, or ends) and no
///    competing member of higher rank is still pending; it then rejects every other pending
///    competing member (they fail with ``FailureReason/preempted``). A member whose gesture
///    fails is rejected.
/// 3. Ranks: high-priority members rank above normal ones, outer before inner; normal members
///    rank inner before outer; equal ranks are decided by who claims first — a member that
///    claimed in an earlier round (while a higher rank held both back) goes before one that
///    claims later — then by attach order within a round.
///    Simultaneous members do not compete: accepted when they claim, never preempted.
/// 4. The arena stays open after its touch lifts while members are pending (a double tap waiting
///    for its second tap), and closes once the touch is gone and every member has decided.
///
/// The engine's side (GestureEngine+Arena.swift): a new touch joins the arena of every enabled
/// binding on the targets under it; each round, every binding of the round takes its turn until
/// nothing changes — accepted ones settle their new arenas first, then claims are judged in
/// attach order.
struct ArenaBoard {
    /// Every arena ever opened, open or free for reuse.
    private(set) var arenas: [Arena] = []
    /// Indices of arenas free for reuse.
    private var free: [Int] = []
    /// Indices of open arenas.
    private(set) var open: [Int] = []
    /// Members still pending, over every arena: with none, a round has nothing to decide.
    private(set) var pending = 0
    /// A touch lifted or a member was decided since ``closeSettled()`` last looked: only then
    /// can an arena have become ready to close.
    private var mayClose = false
    /// Keep a log of decisions in ``log`` (for tests).
    var recordsDecisions = false
    /// The engine's current round, from 1 (a round's input, decisions and announcements share
    /// it; the engine counts it up at each round's end): the order in which members claim, and
    /// the stamp on the log's records.
    var round: UInt64 = 1
    /// Decisions since the log was last cleared, when ``recordsDecisions`` is on.
    var log: [ArenaRecord] = []

    /// Opens the arena of a new touch (its key and contact id); returns its index.
    mutating func open(touch: UInt64, contact: Int32 = 0) -> Int {
        let index: Int
        if let reused = free.popLast() {
            index = reused
        } else {
            index = arenas.count
            arenas.append(Arena())
        }
        arenas[index].open(touch: touch, contact: contact)
        open.append(index)
        return index
    }

    /// Binding `binding` (its index, which is its id) joins `arena`; `claim` is the round its
    /// gesture first claimed in, for one that has (0 otherwise).
    mutating func join(_ arena: Int, binding: Int, rank: Int, competes: Bool, claim: UInt64 = 0) -> ArenaMembership {
        arenas[arena].members.append(ArenaMember(binding: binding, rank: rank, competes: competes, claim: claim))
        arenas[arena].pending += 1
        pending += 1
        record(arena, binding, .joined, rank: rank, competes: competes)
        if claim != 0 { record(arena, binding, .claimed, round: claim) }
        return ArenaMembership(arena: arena, member: arenas[arena].members.count - 1)
    }

    /// The gesture of the members at `memberships` claims its touches for the first time, in
    /// round `round`.
    mutating func claim(_ memberships: [ArenaMembership], binding: Int, round: UInt64) {
        for membership in memberships {
            arenas[membership.arena].members[membership.member].claim = round
            record(membership.arena, binding, .claimed)
        }
    }

    /// The arena's touch lifted.
    mutating func lift(_ arena: Int) {
        arenas[arena].touchLive = false
        mayClose = true
    }

    /// Closes every arena whose touch is gone and whose members all decided.
    mutating func closeSettled() {
        guard mayClose else { return }
        mayClose = false
        var i = 0
        while i < open.count {
            let index = open[i]
            if !arenas[index].touchLive && arenas[index].pending == 0 {
                record(index, nil, .closed)
                open.swapAt(i, open.count - 1)
                open.removeLast()
                free.append(index)
            } else {
                i += 1
            }
        }
    }

    /// Where a claiming, competing member stands in the arenas of `memberships`; `claim` is the
    /// round its gesture first claimed in.
    func standing(of memberships: [ArenaMembership], binding: Int, rank: Int, claim: UInt64) -> ArenaStanding {
        var blocked = false
        for membership in memberships {
            for other in arenas[membership.arena].members where other.competes && other.binding != binding {
                switch other.decision {
                case .accepted: return .preempted
                case .pending:
                    if other.rank > rank || (other.rank == rank && other.claim != 0 && other.claim < claim) { blocked = true }
                case .rejected: break
                }
            }
        }
        return blocked ? .blocked : .free
    }

    /// Accepts the member at `membership`; when it competes, appends to `losers` every other
    /// pending competing member of that arena (the engine fails and rejects each).
    mutating func accept(_ membership: ArenaMembership, binding: Int, competes: Bool, losers: inout [Int]) {
        let a = membership.arena
        arenas[a].members[membership.member].decision = .accepted
        arenas[a].pending -= 1
        pending -= 1
        mayClose = true
        record(a, binding, .accepted)
        guard competes else { return }
        for other in arenas[a].members where other.competes && other.decision == .pending {
            losers.append(other.binding)
        }
    }

    /// Rejects the member at `membership`; appends to `waiting` every member of that arena still
    /// pending, which may now be free to win (the engine gives each another turn).
    mutating func reject(_ membership: ArenaMembership, binding: Int, waiting: inout [Int]) {
        let a = membership.arena
        arenas[a].members[membership.member].decision = .rejected
        arenas[a].pending -= 1
        pending -= 1
        mayClose = true
        record(a, binding, .rejected)
        for other in arenas[a].members where other.decision == .pending {
            waiting.append(other.binding)
        }
    }

    /// Logs a record (when ``recordsDecisions`` is on), stamped with the current round unless
    /// `round` says otherwise.
    private mutating func record(
        _ arena: Int, _ binding: Int?, _ kind: ArenaRecord.Kind, round: UInt64? = nil, rank: Int = 0, competes: Bool = true
    ) {
        guard recordsDecisions else { return }
        var record = ArenaRecord(
            touch: arenas[arena].touch, binding: binding.map(BindingID.init), kind: kind, round: round ?? self.round, rank: rank,
            competes: competes)
        record.contact = arenas[arena].contact
        log.append(record)
    }
}
