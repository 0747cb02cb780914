import Glibc

/// `/dev/uinput`, opened for a device gestured makes (the virtual keyboard, a twin), with the
/// one explanation of what is missing when it cannot be.
enum UInputNode {
    /// The node.
    static let defaultPath = "/dev/uinput"

    /// Opens `path` read-write; throws a ``SourceError`` that says what is missing (no uinput in
    /// the kernel, no access to the node) and what would give it, for `purpose`.
    static func open(_ path: String, for purpose: String) throws -> Int32 {
        let fd = Glibc.open(path, O_RDWR | O_CLOEXEC)
        guard fd < 0 else { return fd }
        let code = errno
        switch code {
        case ENOENT, ENODEV, ENXIO:
            throw SourceError("\(path) does not exist: this kernel has no uinput (modprobe uinput)\(purpose)")
        case EACCES, EPERM:
            throw SourceError("\(path) may not be opened by this user: the package's udev rule gives it to the group gestured-uinput, which gestured.service joins")
        default:
            throw SourceError("cannot open \(path): \(String(cString: strerror(code)))")
        }
    }
}
