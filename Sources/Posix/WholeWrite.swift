import Glibc

/// Writes bytes to a file descriptor whole: short writes continued, EINTR retried. The one write
/// loop of gestured's own code (standard error, standard output, files gesturectl writes).
public enum WholeWrite {
    /// Writes `text` as it is to `descriptor`; an error ends it quietly (standard error and
    /// standard output have no one to tell).
    public static func write(_ text: String, to descriptor: Int32) {
        _ = bytes(Array(text.utf8), to: descriptor)
    }

    /// Writes `bytes` to `descriptor`; nil when all were written, else the `errno` that stopped it.
    public static func bytes(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return written < 0 ? errno : EIO
            }
        }
        return nil
    }
}
