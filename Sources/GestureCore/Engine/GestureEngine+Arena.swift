/// The arena: one per touch, where the bindings the touch hit compete for it.
///
/// Contract (checked by the tests through ``GestureEngine/arenaLog`` and `ArenaAudit`):
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
///
/// How: a new touch joins the arena of every enabled binding on the targets under it
/// (``route(_:on:)``); each round, ``resolveArenas()`` gives every binding of the round its turn
/// (``decide(_:claims:)``) until nothing changes — accepted ones settle their new arenas first,
/// then claims are judged in attach order.
extension GestureEngine {
    /// Routes a new touch to the bindings it hits and opens its arena.
    func route(_ slot: Int, on device: DeviceState) {
        let touch = device.table.slots[slot]
        let arena = openArena(touch: touch.key)
        device.arenaOfSlot[slot] = arena
        hitTest(touch.position, on: device)
        let bit: UInt64 = 1 << UInt64(slot)
        for target in chain {
            var innerDisabled = false
            for index in targets[target]!.bindings {
                let binding = bindings[index]!
                guard binding.enabled else { continue }
                if !binding.mask.contains(.subviews) { innerDisabled = true }
                guard binding.mask.contains(.gesture) else { continue }
                guard !binding.isTerminal else {
                    // A finished instance takes no new touch, but one that failed stays failed
                    // while a touch it could see is down (resetIfFinished).
                    binding.watched |= bit
                    continue
                }
                binding.touches |= bit
                arenas[arena].members.append(
                    ArenaMember(binding: index, rank: binding.rank, competes: binding.priority != .simultaneous))
                arenas[arena].pending += 1
                binding.memberships.append((arena, arenas[arena].members.count - 1))
                log(touch.key, binding.id, .joined)
            }
            if innerDisabled { break }
        }
    }


    func openArena(touch: UInt64) -> Int {
        let index: Int
        if let free = freeArenas.popLast() {
            index = free
        } else {
            index = arenas.count
            arenas.append(Arena())
        }
        arenas[index].open(touch: touch)
        openArenas.append(index)
        return index
    }

    func closeSettledArenas() {
        var i = 0
        while i < openArenas.count {
            let index = openArenas[i]
            let arena = arenas[index]
            if !arena.touchLive && arena.pending == 0 {
                log(arena.touch, nil, .closed)
                openArenas.swapAt(i, openArenas.count - 1)
                openArenas.removeLast()
                freeArenas.append(index)
            } else {
                i += 1
            }
        }
    }

    /// Decides until nothing changes. Bindings already accepted settle their new arenas first
    /// (the first to accept wins), then claims are judged in attach order.
    func resolveArenas() {
        var changed = true
        while changed {
            changed = false
            for claims in Self.resolutionPasses {
                var i = 0
                while i < round.count {
                    let binding = bindings[round[i]]!
                    i += 1
                    if !binding.memberships.isEmpty && decide(binding, claims: claims) { changed = true }
                }
            }
        }
    }

    /// One binding's turn; returns whether anything was decided.
    func decide(_ binding: Binding, claims: Bool) -> Bool {
        let kind = binding.kind
        if kind == .failed {
            rejectPending(binding)
            return true
        }
        if binding.stage >= .accepted {
            acceptPending(binding)
            return true
        }
        guard claims, kind == .active || kind == .ended else { return false }
        if binding.stage == .open {
            binding.stage = .cleared
            if let shouldBegin = binding.shouldBegin, !shouldBegin(binding.box.wireValue()) {
                fail(binding, .vetoed)
                rejectPending(binding)
                return true
            }
        }
        if binding.priority != .simultaneous {
            var blocked = false
            for membership in binding.memberships {
                for other in arenas[membership.arena].members where other.competes && other.binding != binding.id.rawValue {
                    switch other.decision {
                    case .accepted:
                        fail(binding, .preempted)
                        rejectPending(binding)
                        return true
                    case .pending:
                        if other.rank > binding.rank { blocked = true }
                    case .rejected:
                        break
                    }
                }
            }
            if blocked { return false }
        }
        binding.stage = .accepted
        acceptPending(binding)
        return true
    }

    func acceptPending(_ binding: Binding) {
        let competes = binding.priority != .simultaneous
        for membership in binding.memberships {
            let arena = arenas[membership.arena]
            arena.members[membership.member].decision = .accepted
            arena.pending -= 1
            log(arena.touch, binding.id, .accepted)
            guard competes else { continue }
            for m in arena.members.indices {
                let other = arena.members[m]
                guard other.competes, other.decision == .pending, let loser = bindings[other.binding] else { continue }
                fail(loser, .preempted)
                rejectPending(loser)
            }
        }
        binding.memberships.removeAll(keepingCapacity: true)
    }

    func rejectPending(_ binding: Binding) {
        for membership in binding.memberships {
            let arena = arenas[membership.arena]
            arena.members[membership.member].decision = .rejected
            arena.pending -= 1
            log(arena.touch, binding.id, .rejected)
            // Members that waited for this one may now be free to win.
            for other in arena.members where other.decision == .pending {
                enlist(other.binding)
            }
        }
        binding.memberships.removeAll(keepingCapacity: true)
    }

    func log(_ touch: UInt64, _ binding: BindingID?, _ kind: ArenaRecord.Kind) {
        if recordsArenaDecisions {
            arenaLog.append(ArenaRecord(touch: touch, binding: binding, kind: kind))
        }
    }
}
