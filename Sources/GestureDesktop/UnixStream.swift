import Glibc
import GestureWire

/// A connected Unix stream socket, read and written whole.
final class UnixStream: @unchecked Sendable {
    let fd: Int32

    /// Connects to `path`.
    init(path: String) throws(DesktopError) {
        switch UnixSocketAddress.connect(path) {
        case .success(let fd): self.fd = fd
        case .failure(let error): throw DesktopError("cannot connect to \(path): \(error)")
        }
    }

    deinit { close(fd) }

    /// Writes every byte.
    func write(_ bytes: [UInt8]) throws(DesktopError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw DesktopError("the desktop's socket closed (\(String(cString: strerror(errno))))") }
            offset += n
        }
    }

    /// Reads exactly `count` bytes (blocking).
    func read(_ count: Int) throws(DesktopError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            let n = buffer[offset...].withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw DesktopError("the desktop's socket closed") }
            offset += n
        }
        return buffer
    }

    /// Reads one line (without its newline), blocking; nil at the end.
    func readLine(into pending: inout [UInt8]) throws(DesktopError) -> String? {
        while true {
            if let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            pending += chunk[..<n]
        }
    }
}
