import Glibc

/// Why a file could not be read, as a user would want it said.
public struct FileReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path.
    public var path: String
    /// `no such file`, `permission denied`, `not UTF-8 text`, or the system's words.
    public var reason: String

    /// Creates an error.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The error for an errno.
    init(path: String, code: Int32) {
        switch code {
        case ENOENT, ENOTDIR: self.init(path: path, reason: "no such file")
        case EACCES, EPERM: self.init(path: path, reason: "permission denied")
        case EISDIR: self.init(path: path, reason: "is a directory")
        default: self.init(path: path, reason: String(cString: strerror(code)))
        }
    }

    public var description: String { "\(path): cannot read: \(reason)" }
}
