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
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        if connected == 0 { throw InUse(path: path) }
        unlink(path)
    }
}
