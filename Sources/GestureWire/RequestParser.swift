import GestureCore

/// Turns a client's line into a ``ClientRequest``, or into the error to reply with — together
/// with the request's id when it could be read, so even a bad request's reply can be matched.
public enum RequestParser {
    /// A request that cannot be served.
    public struct Failure: Error, Hashable, Sendable {
        /// The request's id, when the line was JSON with an `id`.
        public var id: JSONValue?
        /// What was wrong.
        public var error: ProtocolError
    }

    /// Parses one line (without its newline).
    public static func parse(_ line: String, limits: ProtocolLimits = .standard) -> Result<ClientRequest, Failure> {
        guard line.utf8.count <= limits.maximumLineBytes else {
            return .failure(Failure(id: RequestIDScanner.id(in: Array(line.utf8.prefix(LineSplitter.headBytes))), error: ProtocolError(.lineTooLong, "request lines may be at most \(limits.maximumLineBytes) bytes")))
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            return .failure(Failure(id: nil, error: ProtocolError(.badJSON, "not JSON: \(error)")))
        }
        let id = value["id"]
        guard value.objectKeys != nil else {
            return .failure(Failure(id: nil, error: ProtocolError(.invalidRequest, "expected an object like {\"id\": 1, \"request\": \"ping\"}")))
        }
        func fail(_ code: ProtocolError.Code, _ message: String) -> Result<ClientRequest, Failure> {
            .failure(Failure(id: id, error: ProtocolError(code, message)))
        }
        guard let name = value["request"]?.stringValue else {
            return fail(.unknownRequest, "expected a \"request\" field: subscribe, unsubscribe, snapshot, devices, keys, record, stop-record, screens or ping")
        }
        // A field no request has is a mistake said, not ignored: `"gesture": ["pinch"]` would
        // otherwise subscribe to everything.
        let allowed = Self.fields[name] ?? []
        if !allowed.isEmpty, let unknown = value.objectKeys?.first(where: { !allowed.contains($0) }) {
            return fail(
                .invalidRequest, "\(name) has no field \"\(unknown)\"; its fields are \(allowed.filter { $0 != "request" }.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        switch name {
        case "ping": return .success(ClientRequest(id: id, command: .ping))
        case "snapshot": return .success(ClientRequest(id: id, command: .snapshot))
        case "devices": return .success(ClientRequest(id: id, command: .devices))
        case "unsubscribe":
            guard let subscription = value["subscription"]?.intValue else {
                return fail(.invalidRequest, "unsubscribe needs \"subscription\": the number the subscribe reply gave")
            }
            return .success(ClientRequest(id: id, command: .unsubscribe(subscription: subscription)))
        case "keys":
            switch keySteps(value["steps"], limits: limits) {
            case .success(let steps): return .success(ClientRequest(id: id, command: .keys(steps)))
            case .failure(let error): return .failure(Failure(id: id, error: error))
            }
        case "record", "stop-record":
            guard let device = value["device"]?.intValue else {
                return fail(.invalidRequest, "\(name) needs \"device\": a device id, as devices lists them")
            }
            return .success(ClientRequest(id: id, command: name == "record" ? .record(device: device) : .stopRecord(device: device)))
        case "screens":
            switch ScreenReport.parse(source: value["source"], screens: value["screens"]) {
            case .success(let report): return .success(ClientRequest(id: id, command: .screens(report)))
            case .failure(let error): return .failure(Failure(id: id, error: error))
            }
        case "subscribe":
            switch subscription(value, limits: limits) {
            case .success(let request): return .success(ClientRequest(id: id, command: .subscribe(request)))
            case .failure(let error): return .failure(Failure(id: id, error: error))
            }
        default:
            return fail(.unknownRequest, "unknown request \"\(name)\"; expected subscribe, unsubscribe, snapshot, devices, keys, record, stop-record, screens or ping")
        }
    }

    /// The fields each request may have.
    static let fields: [String: [String]] = [
        "ping": ["id", "request"], "snapshot": ["id", "request"], "devices": ["id", "request"],
        "unsubscribe": ["id", "request", "subscription"],
        "keys": ["id", "request", "steps"],
        "record": ["id", "request", "device"], "stop-record": ["id", "request", "device"],
        "screens": ["id", "request", "source", "screens"],
        "subscribe": ["id", "request", "gestures", "devices", "phases", "define", "strokes", "touchpadGestures", "consume", "touches", "trace"],
    ]

    /// `"steps": [{"press": 29}, {"tap": 46}, {"release": 29}, {"wheel": -1}]`.
    static func keySteps(_ value: JSONValue?, limits: ProtocolLimits) -> Result<[KeyStep], ProtocolError> {
        let example = #"keys needs "steps": a list like [{"press": 29}, {"tap": 46}, {"release": 29}] (evdev key codes), or {"wheel": -1}"#
        // An empty list types nothing but makes the keyboard (a client that will type asks so
        // when it connects, so that the keyboard is known to the desktop before the first key).
        guard let items = value?.arrayValue else { return .failure(ProtocolError(.invalidRequest, example)) }
        guard items.count <= limits.maximumKeySteps else {
            return .failure(ProtocolError(.invalidRequest, "at most \(limits.maximumKeySteps) steps per keys request"))
        }
        var steps: [KeyStep] = []
        for (index, item) in items.enumerated() {
            guard let keys = item.objectKeys, keys.count == 1, let kind = keys.first, let number = item[kind]?.intValue else {
                return .failure(ProtocolError(.invalidRequest, "steps[\(index)]: \(example)"))
            }
            switch kind {
            case "press", "release", "tap":
                guard (1...0x2ff).contains(number) else {
                    return .failure(ProtocolError(.invalidRequest, "steps[\(index)]: key code \(number) is out of range (1 to 767, evdev's KEY_* and BTN_* codes)"))
                }
                let code = UInt16(number)
                steps.append(kind == "press" ? .press(code) : kind == "release" ? .release(code) : .tap(code))
            case "wheel", "hwheel":
                guard number != 0, abs(number) <= Int64(KeyStep.maximumWheel) else {
                    return .failure(ProtocolError(.invalidRequest, "steps[\(index)]: \(kind) turns 1 to \(KeyStep.maximumWheel) detents either way, not \(number)"))
                }
                steps.append(kind == "wheel" ? .wheel(Int32(number)) : .hwheel(Int32(number)))
            default:
                return .failure(ProtocolError(.invalidRequest, "steps[\(index)]: unknown step \"\(kind)\"; steps are press, release, tap, wheel and hwheel"))
            }
        }
        return .success(steps)
    }

    static func subscription(_ value: JSONValue, limits: ProtocolLimits) -> Result<SubscriptionRequest, ProtocolError> {
        var request = SubscriptionRequest()
        if let gestures = value["gestures"] {
            guard let names = gestures.arrayValue?.compactMap(\.stringValue), names.count == gestures.arrayValue?.count else {
                return .failure(ProtocolError(.invalidRequest, "\"gestures\" must be a list of gesture names"))
            }
            request.gestures = names
        }
        if let devices = value["devices"] {
            guard let ids = devices.arrayValue?.compactMap(\.intValue), ids.count == devices.arrayValue?.count else {
                return .failure(ProtocolError(.invalidRequest, "\"devices\" must be a list of device ids"))
            }
            guard !ids.isEmpty else {
                return .failure(ProtocolError(
                    .invalidRequest, "\"devices\" lists no device: list the ids to hear from, or leave \"devices\" out for every device"))
            }
            if let wrong = ids.first(where: { !(0...Int64(UInt32.max)).contains($0) }) {
                return .failure(ProtocolError(.invalidRequest, "device id \(wrong) is out of range (0 to \(UInt32.max)); `devices` requests list the ids"))
            }
            request.devices = ids
        }
        if let phases = value["phases"] {
            let kinds = phases.arrayValue?.compactMap { $0.stringValue.flatMap(PhaseKind.init(rawValue:)) } ?? []
            guard kinds.count == phases.arrayValue?.count, !kinds.contains(.possible) else {
                return .failure(ProtocolError(.invalidRequest, "\"phases\" must list active, ended and/or failed"))
            }
            guard !kinds.isEmpty else {
                return .failure(ProtocolError(
                    .invalidRequest, "\"phases\" lists no phase: list active, ended and/or failed, or leave \"phases\" out for all three"))
            }
            request.phases = Set(kinds)
        }
        if let definitions = value["define"] {
            guard let items = definitions.arrayValue, items.allSatisfy({ $0.objectKeys != nil }) else {
                return .failure(ProtocolError(.invalidGesture, "\"define\" must be a list of gesture objects in the configuration's syntax"))
            }
            guard !items.isEmpty else {
                return .failure(ProtocolError(
                    .invalidGesture, "\"define\" lists no gesture: list at least one, or leave \"define\" out to subscribe to the configured gestures"))
            }
            if let index = items.firstIndex(where: { $0["name"].map { $0.stringValue == nil } ?? false }) {
                return .failure(ProtocolError(.invalidGesture, "define[\(index)]: \"name\" must be a string"))
            }
            guard items.count <= limits.maximumDefinitions else {
                return .failure(ProtocolError(.invalidGesture, "at most \(limits.maximumDefinitions) definitions per subscribe"))
            }
            if let big = items.first(where: { $0.serialized.utf8.count > limits.maximumDefinitionBytes }) {
                return .failure(ProtocolError(
                    .invalidGesture, "definition \(big["name"]?.stringValue.map { "\"\($0)\" " } ?? "")is over \(limits.maximumDefinitionBytes) bytes"))
            }
            request.definitions = items
        }
        if let strokes = value["strokes"] {
            guard let items = strokes.arrayValue, items.allSatisfy({ $0.objectKeys != nil }) else {
                return .failure(ProtocolError(.invalidGesture, "\"strokes\" must be a list of {\"name\": …, \"points\": [[x, y], …]}"))
            }
            guard request.definitions.isEmpty == false else {
                return .failure(ProtocolError(.invalidGesture, "\"strokes\" are the shapes of defined strokes; send them with \"define\""))
            }
            request.strokes = items
        }
        if let touchpad = value["touchpadGestures"] {
            guard case .bool(let wanted) = touchpad else {
                return .failure(ProtocolError(.invalidRequest, "\"touchpadGestures\" must be true or false"))
            }
            request.touchpadGestures = wanted
        }
        if let consume = value["consume"] {
            guard case .bool(let wanted) = consume else {
                return .failure(ProtocolError(.invalidRequest, "\"consume\" must be true or false"))
            }
            request.consume = wanted
        }
        if let touches = value["touches"] {
            guard case .bool(let wanted) = touches else {
                return .failure(ProtocolError(.invalidRequest, "\"touches\" must be true or false"))
            }
            request.touches = wanted
        }
        if let trace = value["trace"] {
            guard case .bool(let wanted) = trace else {
                return .failure(ProtocolError(.invalidRequest, "\"trace\" must be true or false"))
            }
            request.trace = wanted
        }
        return .success(request)
    }
}
