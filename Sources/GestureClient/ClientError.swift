/// Why a request through a ``GestureClient`` did not get an answer.
public enum ClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not connected to the daemon now.
    case notConnected(String)
    /// The daemon answered with an error.
    case rejected(code: String, message: String)
    /// The connection ended before the reply came.
    case disconnected

    public var description: String {
        switch self {
        case .notConnected(let path): "not connected to gestured at \(path)"
        case .rejected(let code, let message): "gestured: \(message) (\(code))"
        case .disconnected: "the connection to gestured ended before the reply"
        }
    }
}
