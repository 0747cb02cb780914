/// Who is in front of each seat: the uid owning each seat's active session, as logind has it
/// (sd-login). The daemon reads it at start and again whenever logind's state changes.
public struct SeatSessions: Hashable, Sendable {
    /// Each seat's active session's uid; a seat with no active session (a greeter between users,
    /// a switch under way) is absent.
    public var active: [String: UInt32]
    /// Whether logind answered at all (false: not running, so no session is active anywhere).
    public var available: Bool

    /// Creates a state.
    public init(active: [String: UInt32], available: Bool = true) {
        self.active = active
        self.available = available
    }

    /// No logind: no seat has an active session.
    public static let unavailable = SeatSessions(active: [:], available: false)

    /// The seats where `uid` owns the active session.
    public func seats(of uid: UInt32) -> Set<String> {
        Set(active.compactMap { $0.value == uid ? $0.key : nil })
    }
}
