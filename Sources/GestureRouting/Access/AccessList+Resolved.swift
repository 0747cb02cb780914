import GesturePipeline

extension AccessList {
    /// The list with names turned into ids by the given lookups; throws naming an entry that
    /// names no user or group.
    public func resolved(user: (String) -> UInt32?, group: (String) -> UInt32?) throws -> ResolvedAccessList {
        func ids(_ entries: [String], _ kind: String, _ lookup: (String) -> UInt32?) throws -> Set<UInt32> {
            Set(try entries.map { entry in
                if let id = UInt32(entry) { return id }
                guard let id = lookup(entry) else {
                    throw ConfigError(file: origin.file, line: origin.lines["\(kind)s \(entry)"], "no \(kind) named `\(entry)` on this system (`access:` \(kind)s)")
                }
                return id
            })
        }
        return ResolvedAccessList(
            policy: policy, restricted: isRestricted, uids: try ids(users, "user", user), gids: try ids(groups, "group", group))
    }
}
