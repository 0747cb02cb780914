import GestureCore

/// Checks an engine's arena log against the arena contract: every member that joined a touch's
/// arena gets exactly one decision, only after joining; no arena closes with a member undecided.
public enum ArenaAudit {
    /// The broken rules found in `log` (empty when it holds). With `complete`, members still
    /// undecided at the end of the log count as broken too.
    public static func violations(in log: [ArenaRecord], complete: Bool) -> [String] {
        struct Seat: Hashable {
            var touch: UInt64
            var binding: BindingID
        }
        var decisions: [Seat: Int] = [:]
        var seatsOfTouch: [UInt64: [Seat]] = [:]
        var problems: [String] = []
        for record in log {
            guard let binding = record.binding else {
                for seat in seatsOfTouch[record.touch] ?? [] where decisions[seat] == 0 {
                    problems.append("touch \(record.touch): arena closed with \(seat.binding) undecided")
                }
                seatsOfTouch[record.touch] = nil
                continue
            }
            let seat = Seat(touch: record.touch, binding: binding)
            switch record.kind {
            case .joined:
                if decisions[seat] != nil { problems.append("touch \(record.touch): \(binding) joined twice") }
                decisions[seat] = 0
                seatsOfTouch[record.touch, default: []].append(seat)
            case .accepted, .rejected:
                guard let count = decisions[seat] else {
                    problems.append("touch \(record.touch): \(binding) \(record.kind) without joining")
                    continue
                }
                if count > 0 { problems.append("touch \(record.touch): \(binding) decided twice (\(record.kind))") }
                decisions[seat] = count + 1
            case .closed:
                break
            }
        }
        if complete {
            for (seat, count) in decisions where count == 0 {
                problems.append("touch \(seat.touch): \(seat.binding) never decided")
            }
        }
        return problems.sorted()
    }
}
