import Glibc

/// Writes to standard error, whole, unbuffered (no Foundation `FileHandle`).
public enum StandardError {
    /// Writes `text` as it is.
    public static func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeMutableBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
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

    /// Writes `text` and a newline.
    public static func line(_ text: String) {
        write(text + "\n")
    }
}
