import Glibc
import Posix

/// systemd socket activation (sd_listen_fds' protocol): when `$LISTEN_PID` is this process and
/// `$LISTEN_FDS` is at least 1, the listening socket is file descriptor 3. The variables are
/// removed so that child processes do not take the socket for theirs.
public enum SocketActivation {
    /// The first passed descriptor.
    public static let firstDescriptor: Int32 = 3

    /// What the environment says.
    public enum Outcome: Equatable, Sendable {
        /// Not socket-activated: bind a path.
        case none
        /// Serve this listening Unix stream socket.
        case socket(Int32)
        /// The environment names sockets, but not usable ones.
        case invalid(String)
    }

    /// Reads (and then unsets) the variables.
    public static func take() -> Outcome {
        let environment = ProcessEnvironment.current
        defer {
            unsetenv("LISTEN_PID")
            unsetenv("LISTEN_FDS")
            unsetenv("LISTEN_FDNAMES")
        }
        return outcome(environment: environment, pid: getpid())
    }

    /// The decision for `environment` in process `pid`, checking that descriptor 3 is a
    /// listening Unix stream socket.
    public static func outcome(environment: [String: String], pid: Int32) -> Outcome {
        guard let pidText = environment["LISTEN_PID"], let count = environment["LISTEN_FDS"] else { return .none }
        guard Int32(pidText) == pid else { return .none }  // meant for another process
        guard let fds = Int(count), fds >= 1 else { return .invalid("LISTEN_FDS=\(count) names no socket") }
        if fds > 1 { return .invalid("LISTEN_FDS=\(fds): gestured serves exactly one socket") }
        let fd = firstDescriptor
        var type: Int32 = 0
        var listening: Int32 = 0
        var domain: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &length) == 0 else {
            return .invalid("descriptor 3 is not a socket (\(String(cString: strerror(errno))))")
        }
        length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length)
        length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &domain, &length)
        guard domain == AF_UNIX, type == Int32(SOCK_STREAM.rawValue), listening != 0 else {
            return .invalid("descriptor 3 must be a listening Unix stream socket (ListenStream= in gestured.socket)")
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return .socket(fd)
    }
}
