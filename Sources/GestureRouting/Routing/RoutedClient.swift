/// One connected client as the router sees it: who it is, which seats it sees, its subscriptions.
public struct RoutedClient: Sendable {
    /// The router's id for it, unique in the daemon's lifetime.
    public let id: Int
    /// Its user id from the kernel (nil when the socket had no credentials).
    public let uid: UInt32?
    /// Its groups (primary and supplementary).
    public let groups: [UInt32]
    /// The seats whose devices it sees now (none: paused, its user's session is not active).
    public internal(set) var seats: SeatAccess
    /// Its subscriptions, oldest first.
    public internal(set) var subscriptions: [RoutedSubscription] = []

    /// Creates a client.
    public init(id: Int, uid: UInt32?, groups: [UInt32], seats: SeatAccess) {
        self.id = id
        self.uid = uid
        self.groups = groups
        self.seats = seats
    }

    /// The index of subscription `id` in ``subscriptions``.
    func index(of id: Int64) -> Int? { subscriptions.firstIndex { $0.id == id } }
}
