import GestureWire
import Glibc
import Posix

/// Tells systemd how the service is doing (sd_notify's protocol): a datagram such as `READY=1`
/// to the Unix socket named by `$NOTIFY_SOCKET` (a path, or `@name` in the abstract namespace).
/// Without that variable every call does nothing, so the daemon runs the same outside systemd.
public struct SystemdNotifier: Sendable {
    /// The socket address, when systemd gave one.
    public let socketPath: String?
    /// How often systemd expects `WATCHDOG=1` (from `$WATCHDOG_USEC` for this process), or nil.
    public let watchdogInterval: Duration?

    /// Reads `NOTIFY_SOCKET`, `WATCHDOG_USEC` and `WATCHDOG_PID` from `environment`.
    public init(environment: [String: String] = ProcessEnvironment.current, pid: Int32 = getpid()) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        let forUs = environment["WATCHDOG_PID"].map { Int32($0) == pid } ?? true
        if forUs, let text = environment["WATCHDOG_USEC"], let micros = Int64(text), micros > 0 {
            watchdogInterval = .microseconds(micros)
        } else {
            watchdogInterval = nil
        }
    }

    /// Whether systemd listens.
    public var isActive: Bool { socketPath != nil }

    /// Sends `state` (e.g. `READY=1\nSTATUS=serving`); returns whether it went out.
    @discardableResult
    public func notify(_ state: String) -> Bool {
        guard let socketPath else { return false }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let payload = Array(state.utf8)
        let sent = UnixSocketAddress.with(socketPath) { address, length in
            payload.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), address, length) }
        }
        return sent == payload.count
    }
}
