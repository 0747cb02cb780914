@testable import GestureCore
import GestureTesting
import Testing

/// The arena's contract on plain values: members by binding index and rank, no engine, no
/// recognizers. (ArenaTests drives the same rules through whole gestures.)
@Suite struct ArenaBoardTests {
    /// A board with logging on and one open arena for touch 7.
    static func board() -> (ArenaBoard, Int) {
        var board = ArenaBoard()
        board.recordsDecisions = true
        let arena = board.open(touch: 7)
        return (board, arena)
    }

    static func lines(_ log: [ArenaRecord]) -> [String] {
        log.map { "\($0.kind.rawValue)\($0.binding.map { " \($0.rawValue)" } ?? "")" }
    }

    @Test func aClaimantWaitsForAPendingCompetitorOfHigherRankOnly() {
        var (board, arena) = Self.board()
        let outer = board.join(arena, binding: 1, rank: 1000, competes: true)
        _ = board.join(arena, binding: 2, rank: 1001, competes: true)
        _ = board.join(arena, binding: 3, rank: 5000, competes: false)
        // The inner one (rank 1001) is pending: the outer one waits; the simultaneous one never counts.
        #expect(board.standing(of: [outer], binding: 1, rank: 1000, claim: 1) == .blocked)
        #expect(board.standing(of: [ArenaMembership(arena: arena, member: 1)], binding: 2, rank: 1001, claim: 1) == .free)
    }

    @Test func anEqualRankThatClaimedInAnEarlierRoundGoesFirst() {
        var (board, arena) = Self.board()
        let pan = board.join(arena, binding: 1, rank: 1000, competes: true)
        let pressDrag = board.join(arena, binding: 2, rank: 1000, competes: true)
        _ = board.join(arena, binding: 3, rank: 1001, competes: true)  // a blocker, pending
        board.round = 4
        board.claim([pressDrag], binding: 2, round: 4)
        board.round = 9
        board.claim([pan], binding: 1, round: 9)
        // The blocker fails: the two claims are judged, pan's (attach order) first.
        var waiting: [Int] = []
        board.reject(ArenaMembership(arena: arena, member: 2), binding: 3, waiting: &waiting)
        #expect(board.standing(of: [pan], binding: 1, rank: 1000, claim: 9) == .blocked)
        #expect(board.standing(of: [pressDrag], binding: 2, rank: 1000, claim: 4) == .free)
        // Claims of one round: attach order (neither waits for the other).
        #expect(board.standing(of: [pressDrag], binding: 2, rank: 1000, claim: 9) == .free)
        #expect(Self.lines(board.log) == ["joined 1", "joined 2", "joined 3", "claimed 2", "claimed 1", "rejected 3"])
        #expect(board.log.map(\.round) == [1, 1, 1, 4, 9, 9])
    }

    @Test func acceptingHandsBackEveryPendingCompetitorAndNeverASimultaneousMember() {
        var (board, arena) = Self.board()
        let winner = board.join(arena, binding: 1, rank: 1001, competes: true)
        _ = board.join(arena, binding: 2, rank: 1000, competes: true)
        _ = board.join(arena, binding: 3, rank: 1000, competes: false)
        var losers: [Int] = []
        board.accept(winner, binding: 1, competes: true, losers: &losers)
        #expect(losers == [2])
        // Once one is accepted, every other competitor that claims is preempted.
        #expect(board.standing(of: [ArenaMembership(arena: arena, member: 1)], binding: 2, rank: 1000, claim: 1) == .preempted)
        var waiting: [Int] = []
        board.reject(ArenaMembership(arena: arena, member: 1), binding: 2, waiting: &waiting)
        #expect(waiting == [3])
        #expect(Self.lines(board.log) == ["joined 1", "joined 2", "joined 3", "accepted 1", "rejected 2"])
    }

    @Test func aSimultaneousMembersAcceptancePreemptsNobody() {
        var (board, arena) = Self.board()
        let both = board.join(arena, binding: 1, rank: 1000, competes: false)
        _ = board.join(arena, binding: 2, rank: 1000, competes: true)
        var losers: [Int] = []
        board.accept(both, binding: 1, competes: false, losers: &losers)
        #expect(losers.isEmpty)
        #expect(board.standing(of: [ArenaMembership(arena: arena, member: 1)], binding: 2, rank: 1000, claim: 1) == .free)
    }

    @Test func anArenaWhoseMembersDecidedWhileTheTouchWasDownClosesWhenItLifts() {
        var (board, arena) = Self.board()
        let member = board.join(arena, binding: 1, rank: 1000, competes: true)
        var losers: [Int] = []
        board.accept(member, binding: 1, competes: true, losers: &losers)
        board.closeSettled()
        #expect(board.open == [arena])
        // Rounds go by with nothing new: it stays open, and closes at the round after the lift.
        board.closeSettled()
        #expect(board.open == [arena])
        board.lift(arena)
        board.closeSettled()
        #expect(board.open.isEmpty)
    }

    @Test func anArenaClosesOnlyOnceItsTouchLiftedAndEveryMemberDecided() {
        var (board, arena) = Self.board()
        let member = board.join(arena, binding: 1, rank: 1000, competes: true)
        board.lift(arena)
        board.closeSettled()
        // A double tap waiting for its second tap keeps the arena open.
        #expect(board.open == [arena])
        var waiting: [Int] = []
        board.reject(member, binding: 1, waiting: &waiting)
        board.closeSettled()
        #expect(board.open.isEmpty)
        #expect(Self.lines(board.log) == ["joined 1", "rejected 1", "closed"])
        #expect(ArenaAudit.violations(in: board.log, complete: true).isEmpty)
        // Its storage is reused for the next touch.
        #expect(board.open(touch: 8) == arena)
    }

    @Test func theAuditCatchesADecisionThatMovesBack() {
        var (board, arena) = Self.board()
        let member = board.join(arena, binding: 1, rank: 1000, competes: true)
        var scratch: [Int] = []
        board.accept(member, binding: 1, competes: true, losers: &scratch)
        board.reject(member, binding: 1, waiting: &scratch)
        #expect(!ArenaAudit.violations(in: board.log, complete: false).isEmpty)
    }

    @Test func theBoardCountsItsPendingMembersOverEveryArena() {
        var (board, first) = Self.board()
        let second = board.open(touch: 8)
        let a = board.join(first, binding: 1, rank: 1000, competes: true)
        _ = board.join(first, binding: 2, rank: 1000, competes: true)
        let c = board.join(second, binding: 1, rank: 1000, competes: true)
        #expect(board.pending == 3)
        var losers: [Int] = []
        board.accept(a, binding: 1, competes: true, losers: &losers)
        #expect(board.pending == 2 && losers == [2])
        var waiting: [Int] = []
        board.reject(ArenaMembership(arena: first, member: 1), binding: 2, waiting: &waiting)
        board.reject(c, binding: 1, waiting: &waiting)
        #expect(board.pending == 0)
    }
}
