import Glibc

/// The daemon's limit on open files: at start its soft limit is raised toward the hard one, as
/// servers do. systemd starts services with a soft limit of 1,024 (what programs that use
/// `select()` can bear) and a hard one of 524,288 for those that, like this one (epoll), can
/// use more; each client holds a descriptor, each device two or three.
enum OpenFilesLimit {
    /// The most it asks for: plenty of clients, and no table of half a million descriptors.
    static let ceiling: rlim_t = 65_536

    /// Raises the soft limit to the hard one (at most ``ceiling``); the limit before and after,
    /// or nil when it was already there or could not be raised.
    static func raise() -> (before: rlim_t, after: rlim_t)? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        let wanted = min(limit.rlim_max, ceiling)
        guard limit.rlim_cur < wanted else { return nil }
        let before = limit.rlim_cur
        limit.rlim_cur = wanted
        guard setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        return (before, wanted)
    }
}
