import Foundation

/// Where the socket lives: `$GESTURED_SOCKET`, else `/run/gestured/gestured.sock` when that
/// directory exists (the system service's, created by tmpfiles.d), else
/// `$XDG_RUNTIME_DIR/gestured.sock`.
public enum SocketPath {
    /// The system service's socket.
    public static let system = "/run/gestured/gestured.sock"

    /// The path for this environment, or nil when nothing says where.
    public static func resolve(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let path = environment["GESTURED_SOCKET"], !path.isEmpty { return path }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: "/run/gestured", isDirectory: &isDirectory), isDirectory.boolValue { return system }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { return runtime + "/gestured.sock" }
        return nil
    }
}
