import Glibc

/// Why ``ViewServer`` cannot serve.
public enum ViewServerError: Error, CustomStringConvertible {
    /// Nothing can listen at 127.0.0.1 on this port (in use, not allowed): the system's reason.
    case cannotListen(port: Int, reason: String)

    /// The sentence a person reads.
    public var description: String {
        switch self {
        case .cannotListen(let port, let reason): "cannot serve on 127.0.0.1:\(port): \(reason)"
        }
    }

    /// The system's words for `errno`.
    static func reason(_ errno: Int32) -> String {
        String(cString: strerror(errno))
    }
}
