/// What a request to `gesturectl view`'s server asks for, from its method and target.
public enum ViewRoute: Equatable, Sendable {
    /// `GET /`: the page.
    case page
    /// `GET /live`: the WebSocket of the daemon's events (an upgrade).
    case live
    /// `GET /recordings`: the replays of the recordings given on the command line.
    case recordings
    /// `POST /replay?name=…`: replays the recording in the body (a file opened or dropped on the page).
    case replay(name: String)
    /// `POST /record?device=…&seconds=…`: records a live device through the daemon for that
    /// long and answers with its replay (and the file and transcript to save).
    case record(device: Int64, seconds: Double)
    /// The Actions panel: `GET /actions` (`list`: the user's actions file as the runner reads
    /// it) and `POST /actions/check`, `/actions/try`, `/actions/save`, `/actions/undo`,
    /// `/actions/import`, `/actions/stroke` (a JSON body each); never a change by GET.
    case actions(String)
    /// `GET /favicon.ico` and every other path: 404.
    case notFound
    /// A known path with the wrong method: 405.
    case methodNotAllowed

    /// The route for `method` (`GET`, `POST`, …) and `target` (path and query).
    public init(method: String, target: String) {
        let path = String(target.prefix { $0 != "?" })
        switch (path, method) {
        case ("/", "GET"), ("/", "HEAD"): self = .page
        case ("/live", "GET"): self = .live
        case ("/recordings", "GET"): self = .recordings
        case ("/replay", "POST"): self = .replay(name: Self.query(target)["name"] ?? "dropped recording")
        case ("/record", "POST"):
            let query = Self.query(target)
            self = .record(device: query["device"].flatMap { Int64($0) } ?? 0, seconds: query["seconds"].flatMap { Double($0) } ?? 5)
        case ("/actions", "GET"): self = .actions("list")
        case ("/actions/check", "POST"), ("/actions/try", "POST"), ("/actions/save", "POST"), ("/actions/undo", "POST"), ("/actions/import", "POST"),
            ("/actions/stroke", "POST"), ("/actions/key", "POST"):
            self = .actions(String(path.dropFirst("/actions/".count)))
        case ("/actions", _), ("/actions/check", _), ("/actions/try", _), ("/actions/save", _), ("/actions/undo", _), ("/actions/import", _), ("/actions/stroke", _),
            ("/actions/key", _), ("/", _), ("/live", _), ("/recordings", _), ("/replay", _), ("/record", _): self = .methodNotAllowed
        default: self = .notFound
        }
    }

    /// The query's parameters, percent-decoded (`+` as a space); the first of a repeated name wins.
    public static func query(_ target: String) -> [String: String] {
        guard let mark = target.firstIndex(of: "?") else { return [:] }
        var parameters: [String: String] = [:]
        for pair in target[target.index(after: mark)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            if parameters[name] == nil { parameters[name] = parts.count > 1 ? decode(parts[1]) : "" }
        }
        return parameters
    }

    static func decode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                if let high = iterator.next(), let low = iterator.next(), let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) {
                    bytes.append(value)
                }
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
