import Glibc

/// Writes bytes to a file descriptor whole: short writes continued, EINTR retried. The one write
/// loop of gestured's own code (standard error, standard output, files gesturectl writes), and
/// the one replacement of a file by a rename (``replace(_:with:mode:)``).
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

    /// Replaces the file at `path` with `bytes` at once: written whole to a new file beside it,
    /// flushed, then renamed over it, so a reader sees the old file or the new one, never half
    /// of it. The file keeps its mode (a new one: `mode`). A symbolic link is followed to its
    /// target (``LinkChain``), which is replaced there: the link stays a link, and the file it
    /// names (a dotfiles copy) gets the change. Nil when done, else the `errno`.
    public static func replace(_ path: String, with bytes: [UInt8], mode: mode_t = 0o644) -> Int32? {
        let path = LinkChain.target(path)
        var status = stat()
        let kept = stat(path, &status) == 0 ? status.st_mode & 0o7777 : mode
        let temporary = path + ".new-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, kept)
        guard descriptor >= 0 else { return errno }
        fchmod(descriptor, kept)
        var error = Self.bytes(bytes, to: descriptor)
        if error == nil, fsync(descriptor) != 0 { error = errno }
        close(descriptor)
        if error == nil, rename(temporary, path) != 0 { error = errno }
        if error != nil { unlink(temporary) }
        return error
    }
}
