import Glibc

/// A Unix socket address (`sockaddr_un`) for a path, for the places that talk to sockets
/// without SwiftNIO: the stale-socket check, sd_notify, and the tests' and benchmarks' clients.
public enum UnixSocketAddress {
    /// Calls `body` with the address of `path` and its length; nil when the path does not fit
    /// (108 bytes). A path starting with `@` is in the abstract namespace, as systemd writes it.
    public static func with<Result>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            if !abstract { raw[bytes.count] = 0 }
        }
        // Abstract names count exactly their bytes; paths their terminating zero too.
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1))
        return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) } }
    }

    /// A new socket of `type` connected to `path`; the `errno` of the failure otherwise.
    public static func connect(_ path: String, type: Int32 = Int32(SOCK_STREAM.rawValue)) -> Result<Int32, Errno> {
        let fd = socket(AF_UNIX, type | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return .failure(Errno(errno)) }
        let rc = with(path) { Glibc.connect(fd, $0, $1) } ?? { errno = ENAMETOOLONG; return -1 }()
        guard rc == 0 else {
            let failure = Errno(errno)
            close(fd)
            return .failure(failure)
        }
        return .success(fd)
    }

    /// An `errno` value as an error.
    public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
        /// The value.
        public var code: Int32

        /// Wraps `code`.
        public init(_ code: Int32) {
            self.code = code
        }

        public var description: String { String(cString: strerror(code)) }
    }
}
