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

    /// Something other than a socket is at the path: never replaced.
    public struct NotASocket: Error, CustomStringConvertible {
        /// The path.
        public var path: String
        /// What is there: a regular file, a directory, a symbolic link, …
        public var kind: String
        public var description: String { "\(path) is \(kind), not a socket: refusing to replace it (choose another --socket path)" }
    }

    /// Removes a stale socket file at `path`; throws ``InUse`` when a server answers there and
    /// ``NotASocket`` when something else is there.
    public static func clear(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFSOCK: break
        case S_IFREG: throw NotASocket(path: path, kind: "a regular file")
        case S_IFDIR: throw NotASocket(path: path, kind: "a directory")
        case S_IFLNK: throw NotASocket(path: path, kind: "a symbolic link")
        default: throw NotASocket(path: path, kind: "a special file")
        }
        if case .success(let fd) = UnixSocketAddress.connect(path) {
            close(fd)
            throw InUse(path: path)
        }
        unlink(path)
    }
}
