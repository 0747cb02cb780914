import GestureWire
import Glibc

/// Decides what to do with a socket file left at the path: another daemon answering there is an
/// error (no takeover); a file nobody answers on is a leftover of a crashed run and is removed.
public enum StaleSocket {
    /// The path is in use by a live server.
    public struct InUse: Error, CustomStringConvertible {
        /// The path.
        public var path: String
        public var description: String { "\(path) is in use: another gestured is running there (stop it first)" }
    }

    /// Removes a stale socket file at `path`; throws ``InUse`` when a server answers.
    public static func clear(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFSOCK else {
            throw InUse(path: path + " (not a socket; refusing to replace it)")
        }
        if case .success(let fd) = UnixSocketAddress.connect(path) {
            close(fd)
            throw InUse(path: path)
        }
        unlink(path)
    }
}
