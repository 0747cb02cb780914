import Glibc

/// Writes to standard error, whole, unbuffered (no Foundation `FileHandle`).
public enum StandardError {
    /// Writes `text` as it is.
    public static func write(_ text: String) {
        WholeWrite.write(text, to: STDERR_FILENO)
    }

    /// Writes `text` and a newline.
    public static func line(_ text: String) {
        write(text + "\n")
    }
}
