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
    /// Where the list was read, for errors: the file, and each entry's line (not part of the
    /// list's identity).
    public var origin = Origin()

    /// Where an access list was read.
    public struct Origin: Hashable, Sendable {
        /// The configuration file.
        public var file = "access"
        /// The line of each entry, by `users`/`groups` and name.
        public var lines: [String: Int] = [:]

        /// Equal whatever they say: where a list stands does not change what it allows.
        public static func == (_: Origin, _: Origin) -> Bool { true }
        public func hash(into hasher: inout Hasher) {}
    }

    /// Creates an access list.
    public init(policy: AccessPolicy = .activeSession, users: [String] = [], groups: [String] = []) {
        self.policy = policy
        self.users = users
        self.groups = groups
    }

    /// Whether the list restricts anything.
    public var isRestricted: Bool { !users.isEmpty || !groups.isEmpty }
}
