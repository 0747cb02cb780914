import Glibc

/// An input node gestured may not open, with what to do about it — instead of a silently empty
/// stream.
public struct InputAccessError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The device node.
    public var path: String
    /// The `errno` of the failed open.
    public var code: Int32
    /// The group that owns the node, when it could be read.
    public var group: String?

    /// Describes a failed open of `path`.
    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
        group = Self.owningGroup(of: path)
    }

    public var description: String {
        let reason = String(cString: strerror(code))
        guard code == EACCES || code == EPERM else { return "cannot open \(path): \(reason)" }
        let group = group ?? "input"
        return "cannot open \(path): \(reason). The node belongs to group '\(group)': run gestured as a member of "
            + "'\(group)' (the systemd service's user is), e.g. `sudo usermod -aG \(group) $USER` and log in again, or as root."
    }

    static func owningGroup(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        guard let entry = getgrgid(info.st_gid), let name = entry.pointee.gr_name else { return "gid \(info.st_gid)" }
        return String(cString: name)
    }
}
