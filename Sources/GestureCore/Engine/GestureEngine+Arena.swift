/// The engine's side of the arenas (``ArenaBoard`` holds them and their contract): a new
/// touch joins the arena of every enabled binding on the targets under it (``route(_:on:)``);
/// each round, ``resolveArenas()`` gives every binding of the round its turn
/// (``decide(_:claims:)``) until nothing changes — accepted ones settle their new arenas first,
/// then claims are judged (a claim waits for an equal rank that claimed in an earlier round;
/// within a round, attach order) — and applies what the board hands back.
extension GestureEngine {
    /// Routes a new touch to the bindings it hits and opens its arena.
    func route(_ slot: Int, on device: DeviceState) {
        let touch = device.table.slots[slot]
        let arena = board.open(touch: touch.key, contact: touch.contactID)
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
                binding.memberships.append(board.join(
                    arena, binding: index, rank: binding.rank, competes: binding.priority != .simultaneous, claim: binding.claimRound))
            }
            if innerDisabled { break }
        }
    }

    /// Decides until nothing changes. Bindings already accepted settle their new arenas first
    /// (the first to accept wins), then claims are judged in attach order.
    func resolveArenas() {
        // Nothing pending anywhere: no binding has an undecided membership (most frames of a
        // gesture under way).
        guard board.pending > 0 else { return }
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
            binding.claimRound = board.round
            board.claim(binding.memberships, binding: binding.id.rawValue, round: board.round)
        }
        if binding.priority != .simultaneous {
            switch board.standing(of: binding.memberships, binding: binding.id.rawValue, rank: binding.rank, claim: binding.claimRound) {
            case .preempted:
                fail(binding, .preempted)
                rejectPending(binding)
                return true
            case .blocked:
                return false
            case .free:
                break
            }
        }
        binding.stage = .accepted
        acceptPending(binding)
        return true
    }

    func acceptPending(_ binding: Binding) {
        let competes = binding.priority != .simultaneous
        for membership in binding.memberships {
            losers.removeAll(keepingCapacity: true)
            board.accept(membership, binding: binding.id.rawValue, competes: competes, losers: &losers)
            var i = 0
            while i < losers.count {
                let loser = bindings[losers[i]]!
                i += 1
                fail(loser, .preempted)
                rejectPending(loser)
            }
        }
        binding.memberships.removeAll(keepingCapacity: true)
    }

    func rejectPending(_ binding: Binding) {
        for membership in binding.memberships {
            waiting.removeAll(keepingCapacity: true)
            board.reject(membership, binding: binding.id.rawValue, waiting: &waiting)
            // Members that waited for this one may now be free to win.
            for other in waiting { enlist(other) }
        }
        binding.memberships.removeAll(keepingCapacity: true)
    }
}
