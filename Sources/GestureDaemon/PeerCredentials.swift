import Glibc
import NIOCore
import Posix

/// Who is on the other end of a client connection, from the kernel (SO_PEERCRED): process,
/// user and group ids as they were at connect time, plus the process's supplementary groups.
public struct PeerCredentials: Hashable, Sendable, CustomStringConvertible {
    /// The peer's process id.
    public var pid: Int32
    /// Its user id.
    public var uid: UInt32
    /// Its primary group id.
    public var gid: UInt32
    /// Every group it is in: the primary one and the supplementary ones (from /proc when the
    /// process is still there).
    public var groups: [UInt32]

    /// Creates credentials.
    public init(pid: Int32, uid: UInt32, gid: UInt32, groups: [UInt32]) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
        self.groups = groups
    }

    public var description: String { "pid \(pid) uid \(uid) gid \(gid)" }

    /// The kernel's `struct ucred` (Glibc declares it only under _GNU_SOURCE).
    struct Raw: Sendable {
        var pid: Int32 = 0
        var uid: UInt32 = 0
        var gid: UInt32 = 0
    }

    /// Reads a connected Unix socket channel's peer; nil when the channel has no such option.
    static func read(_ channel: any Channel) -> EventLoopFuture<PeerCredentials?> {
        guard let provider = channel as? any SocketOptionProvider else { return channel.eventLoop.makeSucceededFuture(nil) }
        let future: EventLoopFuture<Raw> = provider.unsafeGetSocketOption(level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED))
        return future.map { credentials in
            PeerCredentials(
                pid: credentials.pid, uid: credentials.uid, gid: credentials.gid,
                groups: [credentials.gid] + supplementaryGroups(of: credentials.pid))
        }.recover { _ -> PeerCredentials? in nil }
    }

    /// The `Groups:` line of /proc/PID/status.
    static func supplementaryGroups(of pid: Int32) -> [UInt32] {
        guard let status = try? FileReader.text("/proc/\(pid)/status"),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Groups:") })
        else { return [] }
        return line.dropFirst("Groups:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { UInt32($0) }
    }
}
