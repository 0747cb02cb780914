import Foundation
import GestureWire
import Glibc

/// The systemd side of sd_notify for a test: a datagram socket the daemon finds through
/// `NOTIFY_SOCKET`. Reads block with a timeout (no sleeping).
final class NotifyListener {
    let path: String
    let fd: Int32

    init(timeout: Int = 20) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(getpid())-\(UUID().uuidString.prefix(8))").path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        let rc = UnixSocketAddress.with(path) { bind(fd, $0, $1) } ?? -1
        guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        close(fd)
        unlink(path)
    }

    /// The next datagram, or nil on timeout.
    func next() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        while count < 0 && errno == EINTR {  // another test's SIGCHLD
            count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        }
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// Reads datagrams until one contains `text`; returns it (nil on timeout).
    func wait(for text: String) -> String? {
        while let message = next() {
            if message.contains(text) { return message }
        }
        return nil
    }
}
