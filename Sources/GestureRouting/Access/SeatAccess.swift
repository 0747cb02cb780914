/// The seats whose devices (and touches) a client sees.
public enum SeatAccess: Hashable, Sendable {
    /// Every seat: root, the daemon's own user, `any-member`, or no sessions followed (replay).
    case all
    /// Just these (empty: none; the client is paused).
    case seats(Set<String>)

    /// Nothing at all: the client is paused.
    public static let none = SeatAccess.seats([])

    /// Whether a device on `seat` is visible.
    public func contains(_ seat: String) -> Bool {
        switch self {
        case .all: true
        case .seats(let seats): seats.contains(seat)
        }
    }

    /// Whether nothing is visible.
    public var isEmpty: Bool { self == .none }
}
