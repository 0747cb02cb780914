/// Who may connect to the daemon's socket, beyond the socket file's own mode: the config's
/// `access:` section. An empty list means everyone who can open the socket; the policy then says
/// whether their session must be the active one. Entries are user or group names, or numeric
/// ids; the daemon resolves names when it loads the config.
public struct AccessList: Hashable, Sendable {
    /// Whether only the active session's user is served (the default), or any member.
    public var policy: AccessPolicy
    /// Users allowed (names or numeric uids).
    public var users: [String]
    /// Groups whose members are allowed (names or numeric gids).
    public var groups: [String]

    /// Creates an access list.
    public init(policy: AccessPolicy = .activeSession, users: [String] = [], groups: [String] = []) {
        self.policy = policy
        self.users = users
        self.groups = groups
    }

    /// Whether the list restricts anything.
    public var isRestricted: Bool { !users.isEmpty || !groups.isEmpty }

    /// The list with names turned into ids by the given lookups; throws naming an entry that
    /// names no user or group.
    public func resolved(user: (String) -> UInt32?, group: (String) -> UInt32?) throws -> ResolvedAccessList {
        func ids(_ entries: [String], _ kind: String, _ lookup: (String) -> UInt32?) throws -> Set<UInt32> {
            Set(try entries.map { entry in
                if let id = UInt32(entry) { return id }
                guard let id = lookup(entry) else { throw ConfigError(file: "access", line: nil, "no \(kind) named `\(entry)`") }
                return id
            })
        }
        return ResolvedAccessList(
            policy: policy, restricted: isRestricted, uids: try ids(users, "user", user), gids: try ids(groups, "group", group))
    }
}
