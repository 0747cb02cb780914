import Glibc

/// Writes text to a file descriptor whole: short writes continued, EINTR retried, any other
/// error ends it quietly (standard error and standard output have no one to tell).
public enum WholeWrite {
    /// Writes `text` as it is to `descriptor`.
    public static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
        bytes.removeAll()
    }
}
