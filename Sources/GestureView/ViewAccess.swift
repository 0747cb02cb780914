/// Who may use `gesturectl view`'s server, decided from a request alone (pure, so tests drive
/// it line by line). The server listens on loopback only; on top of that every request, the
/// WebSocket upgrade included, must carry the secret token the command printed (`?token=…`),
/// and a browser's request must come from the page itself:
///
/// - `Host` must name the loopback interface (`127.0.0.1`, `localhost` or `[::1]`, any port,
///   so an ssh tunnel's local port works), which a DNS-rebinding page cannot fake;
/// - `Origin`, when the browser sends one, must be this very host (`http://` + `Host`): a web
///   page the user visits elsewhere cannot read their touches through the browser.
public struct ViewAccess: Sendable {
    /// The outcome for one request.
    public enum Decision: Equatable, Sendable {
        /// Serve it.
        case allowed
        /// Refuse it with 403; the reason is said in the response body (and nothing else).
        case forbidden(String)
    }

    /// The secret the URL carries.
    public let token: String

    /// Access with `token`.
    public init(token: String) {
        self.token = token
    }

    /// The decision for a request to `target` (path and query) with `headers` (names in any case).
    public func decide(target: String, headers: [(name: String, value: String)]) -> Decision {
        func header(_ name: String) -> [String] {
            headers.filter { $0.name.lowercased() == name }.map(\.value)
        }
        let hosts = header("host")
        guard hosts.count == 1, let host = hosts.first, Self.isLoopback(host: host) else {
            return .forbidden("the Host header must name the loopback interface")
        }
        let origins = header("origin")
        guard origins.count <= 1 else { return .forbidden("more than one Origin header") }
        if let origin = origins.first, origin.lowercased() != "http://" + host.lowercased() {
            return .forbidden("requests from \(origin) are refused: only the page this server sent may ask")
        }
        guard let given = ViewRoute.query(target)["token"], Self.same(given, token) else {
            return .forbidden("the token is missing or wrong: open the address gesturectl view printed")
        }
        return .allowed
    }

    /// Whether `host` (a Host header: name and optional port) is a loopback name.
    static func isLoopback(host: String) -> Bool {
        var name = Substring(host.lowercased())
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return false }
            let rest = name[name.index(after: close)...]
            guard rest.isEmpty || (rest.first == ":" && Self.isPort(rest.dropFirst())) else { return false }
            return name[name.index(after: name.startIndex)..<close] == "::1"
        }
        if let colon = name.lastIndex(of: ":") {
            guard Self.isPort(name[name.index(after: colon)...]) else { return false }
            name = name[..<colon]
        }
        return name == "127.0.0.1" || name == "localhost"
    }

    static func isPort(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 5 && text.allSatisfy(\.isASCII) && text.allSatisfy(\.isNumber)
    }

    /// Compares in time that depends on the length only, not on where the strings differ.
    static func same(_ given: String, _ secret: String) -> Bool {
        let a = Array(given.utf8)
        let b = Array(secret.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
