import Glibc

/// Where the socket lives: `$GESTURED_SOCKET`, else `/run/gestured/gestured.sock` when that
/// directory exists (the system service's, created by tmpfiles.d or the socket unit), else
/// `$XDG_RUNTIME_DIR/gestured.sock`. The daemon and every client resolve it the same way.
public enum SocketPath {
    /// The system service's socket.
    public static let system = "/run/gestured/gestured.sock"

    /// The path for this environment, or nil when nothing says where.
    public static func resolve(_ environment: [String: String]? = nil) -> String? {
        func variable(_ name: String) -> String? {
            if let environment { return environment[name] }
            return getenv(name).map { String(cString: $0) }
        }
        if let path = variable("GESTURED_SOCKET"), !path.isEmpty { return path }
        var info = stat()
        if stat("/run/gestured", &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return system }
        if let runtime = variable("XDG_RUNTIME_DIR"), !runtime.isEmpty { return runtime + "/gestured.sock" }
        return nil
    }
}
