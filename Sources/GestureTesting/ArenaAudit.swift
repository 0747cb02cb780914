import GestureCore

/// Checks an engine's arena log against the arena contract: every member that joined a touch's
/// arena gets exactly one decision, only after joining; no arena closes with a member undecided;
/// and a competing member is accepted only when no competing member that was in the arena when
/// it claimed is still pending with a higher rank, or with an equal rank and an earlier claim
/// (equal ranks go to the first to claim, ENGINE.md's rule 3).
public enum ArenaAudit {
    /// The broken rules found in `log` (empty when it holds). With `complete`, members still
    /// undecided at the end of the log count as broken too.
    public static func violations(in log: [ArenaRecord], complete: Bool) -> [String] {
        struct Seat: Hashable {
            var touch: UInt64
            var binding: BindingID
        }
        struct Standing {
            var decisions = 0
            var joined: UInt64
            var rank: Int
            var competes: Bool
            var claim: UInt64 = 0
        }
        var seats: [Seat: Standing] = [:]
        var seatsOfTouch: [UInt64: [Seat]] = [:]
        var problems: [String] = []
        for record in log {
            guard let binding = record.binding else {
                for seat in seatsOfTouch[record.touch] ?? [] where seats[seat]?.decisions == 0 {
                    problems.append("touch \(record.touch): arena closed with \(seat.binding) undecided")
                }
                for seat in seatsOfTouch[record.touch] ?? [] { seats[seat] = nil }
                seatsOfTouch[record.touch] = nil
                continue
            }
            let seat = Seat(touch: record.touch, binding: binding)
            switch record.kind {
            case .joined:
                if seats[seat] != nil { problems.append("touch \(record.touch): \(binding) joined twice") }
                seats[seat] = Standing(joined: record.round, rank: record.rank, competes: record.competes)
                seatsOfTouch[record.touch, default: []].append(seat)
            case .claimed:
                guard seats[seat] != nil else {
                    problems.append("touch \(record.touch): \(binding) claimed without joining")
                    continue
                }
                if seats[seat]!.claim == 0 { seats[seat]!.claim = record.round }
            case .accepted, .rejected:
                guard let standing = seats[seat] else {
                    problems.append("touch \(record.touch): \(binding) \(record.kind) without joining")
                    continue
                }
                if standing.decisions > 0 { problems.append("touch \(record.touch): \(binding) decided twice (\(record.kind))") }
                seats[seat]!.decisions += 1
                if record.kind == .accepted, standing.competes {
                    problems += outranked(seat, standing, among: seatsOfTouch[record.touch] ?? [], seats)
                }
            case .closed:
                break
            }
        }
        if complete {
            for (seat, standing) in seats where standing.decisions == 0 {
                problems.append("touch \(seat.touch): \(seat.binding) never decided")
            }
        }
        return problems.sorted()

        /// The members an accepted member should have waited for.
        func outranked(_ seat: Seat, _ standing: Standing, among others: [Seat], _ seats: [Seat: Standing]) -> [String] {
            guard standing.claim != 0 else { return ["touch \(seat.touch): \(seat.binding) accepted without claiming"] }
            var found: [String] = []
            for other in others where other != seat {
                guard let o = seats[other], o.competes, o.decisions == 0, o.joined <= standing.claim else { continue }
                if o.rank > standing.rank {
                    found.append("touch \(seat.touch): \(seat.binding) accepted while \(other.binding) of higher rank was pending")
                } else if o.rank == standing.rank, o.claim != 0, o.claim < standing.claim {
                    found.append(
                        "touch \(seat.touch): \(seat.binding) (claimed in round \(standing.claim)) accepted before \(other.binding) (claimed in round \(o.claim))")
                }
            }
            return found
        }
    }
}
