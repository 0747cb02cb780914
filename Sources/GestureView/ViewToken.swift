import Glibc

/// The secret in `gesturectl view`'s address: 128 bits from the kernel's random source
/// (/dev/urandom), as 32 hexadecimal digits.
public enum ViewToken {
    /// A new token.
    public static func make() -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        let fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        precondition(fd >= 0, "/dev/urandom cannot be opened (errno \(errno))")
        defer { close(fd) }
        var filled = 0
        while filled < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in read(fd, buffer.baseAddress! + filled, buffer.count - filled) }
            if got > 0 { filled += got } else { precondition(got < 0 && errno == EINTR, "/dev/urandom gave nothing (errno \(errno))") }
        }
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }
}
