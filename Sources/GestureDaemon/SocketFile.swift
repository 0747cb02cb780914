import Glibc

/// The socket file the daemon bound, by device and inode: at shutdown it is removed only while
/// the path still names that very file. Someone may have replaced it meanwhile — with a newer
/// daemon's socket, or a file of their own — and that is not ours to delete.
public struct SocketFile: Sendable, Equatable {
    /// Where it is.
    public let path: String
    let device: UInt64
    let inode: UInt64

    /// The socket file now at `path` (nil when there is none, or it is not a socket).
    public static func identify(_ path: String) -> SocketFile? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFSOCK else { return nil }
        return SocketFile(path: path, device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Removes the file if the path still names it; true when it did.
    @discardableResult
    public func removeIfUnchanged() -> Bool {
        guard Self.identify(path) == self else { return false }
        return unlink(path) == 0
    }
}
