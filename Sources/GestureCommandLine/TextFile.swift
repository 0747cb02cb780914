import Glibc
import Posix

/// A text file a command writes (`import --output`, `replay --svg`): created or replaced, mode
/// 0644, written whole; a failure says why in the system's words.
public enum TextFile {
    /// Why a file could not be written.
    public struct Failure: Error, CustomStringConvertible {
        /// The file.
        public let path: String
        /// strerror's words.
        public let reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes `text` to `path`.
    public static func write(_ text: String, to path: String) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        if let error = WholeWrite.bytes(Array(text.utf8), to: descriptor) { throw Failure(path: path, reason: String(cString: strerror(error))) }
    }

    /// Replaces `path` with `text` at once (``WholeWrite/replace(_:with:mode:)``: a reader such
    /// as the runner's reload sees the old file or the new one, never half of it).
    public static func replace(_ text: String, at path: String) throws(Failure) {
        if let error = WholeWrite.replace(path, with: Array(text.utf8)) { throw Failure(path: path, reason: String(cString: strerror(error))) }
    }

    /// Whether `path` could be written now, asked before a long piece of work writes it (a
    /// recording): its folder exists and this user may write there, and it is not a folder.
    public static func checkWritable(_ path: String) throws(Failure) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        var status = stat()
        guard stat(folder, &status) == 0 else {
            throw Failure(path: path, reason: "cannot use \(folder): " + String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw Failure(path: path, reason: "\(folder) is not a folder") }
        guard access(folder, W_OK | X_OK) == 0 else {
            throw Failure(path: path, reason: "cannot write in \(folder): " + String(cString: strerror(errno)))
        }
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { throw Failure(path: path, reason: "it is a folder") }
    }

    /// Creates the folders above `path` that are missing (mode 0755), as `mkdir -p` does.
    public static func makeParentFolders(of path: String) throws(Failure) {
        var folder = ""
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        for (index, part) in parts.enumerated() {
            folder += (index == 0 ? "" : "/") + part
            guard !part.isEmpty, mkdir(folder, 0o755) != 0, errno != EEXIST else { continue }
            throw Failure(path: path, reason: "cannot make \(folder): " + String(cString: strerror(errno)))
        }
    }
}
