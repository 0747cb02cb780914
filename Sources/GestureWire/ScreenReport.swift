import GestureCore

/// What the session in front says of its screens: how each is turned now (a `screens`
/// request). Touchscreens configured with `rotation: follow` take the rotation of theirs.
public struct ScreenReport: Hashable, Sendable {
    /// One screen (an output, in the compositor's words) and how its image is turned.
    public struct Screen: Hashable, Sendable {
        /// The output's name as the compositor gives it (`DSI-1`, `eDP-1`, `HEADLESS-1`).
        public var output: String
        /// How its image is turned, clockwise.
        public var rotation: SurfaceRotation
        /// Whether it is the machine's own panel (a phone's, a laptop's): what a touchscreen
        /// that names no output follows.
        public var builtIn: Bool

        /// Creates a screen.
        public init(output: String, rotation: SurfaceRotation, builtIn: Bool = false) {
            self.output = output
            self.rotation = rotation
            self.builtIn = builtIn
        }

        /// As the request carries it.
        public var json: JSONValue {
            var fields: [(String, JSONValue)] = [("output", .string(output)), ("rotation", .int(Int64(rotation.rawValue)))]
            if builtIn { fields.append(("builtIn", .bool(true))) }
            return .object(fields)
        }
    }

    /// Who knows it (`sway`, `gnome`, `gesturectl`): said in the log and in `devices`.
    public var source: String
    /// The screens, each once.
    public var screens: [Screen]

    /// Creates a report.
    public init(source: String, screens: [Screen]) {
        self.source = source
        self.screens = screens
    }

    /// The screen a touchscreen follows: the one named `output`, or (nil) the built-in one —
    /// the screen said to be built in, else the only screen there is.
    public func screen(named output: String?) -> Screen? {
        if let output { return screens.first { $0.output == output } }
        return screens.first(where: \.builtIn) ?? (screens.count == 1 ? screens[0] : nil)
    }

    /// The most screens one report may list.
    public static let maximumScreens = 16
    /// The longest output or source name, in characters.
    public static let maximumName = 100

    /// Reads a `screens` request's `source` and `screens`, or says what is wrong.
    public static func parse(source: JSONValue?, screens: JSONValue?) -> Result<ScreenReport, ProtocolError> {
        let example = #"screens needs "screens": a list like [{"output": "DSI-1", "rotation": 90, "builtIn": true}] (rotation 0, 90, 180 or 270 degrees clockwise)"#
        func name(_ value: JSONValue?, _ what: String) -> Result<String, ProtocolError> {
            guard let text = value?.stringValue, !text.isEmpty, text.count <= maximumName,
                !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else {
                return .failure(ProtocolError(.invalidRequest, "\(what) must be a name of 1 to \(maximumName) characters with no control character"))
            }
            return .success(text)
        }
        let sourceName: String
        switch name(source, #""source""#) {
        case .success(let text): sourceName = text
        case .failure(let error): return .failure(error)
        }
        guard let items = screens?.arrayValue else { return .failure(ProtocolError(.invalidRequest, example)) }
        guard items.count <= maximumScreens else {
            return .failure(ProtocolError(.invalidRequest, "at most \(maximumScreens) screens in one report"))
        }
        var parsed: [Screen] = []
        for (index, item) in items.enumerated() {
            guard let keys = item.objectKeys else { return .failure(ProtocolError(.invalidRequest, "screens[\(index)]: \(example)")) }
            if let unknown = keys.first(where: { !["output", "rotation", "builtIn"].contains($0) }) {
                return .failure(ProtocolError(.invalidRequest, "screens[\(index)] has no field \"\(unknown)\"; its fields are \"output\", \"rotation\", \"builtIn\""))
            }
            let output: String
            switch name(item["output"], "screens[\(index)].output") {
            case .success(let text): output = text
            case .failure(let error): return .failure(error)
            }
            guard let degrees = item["rotation"]?.intValue, let rotation = SurfaceRotation(rawValue: Int(degrees)) else {
                return .failure(ProtocolError(.invalidRequest, "screens[\(index)].rotation must be 0, 90, 180 or 270 (degrees clockwise)"))
            }
            var builtIn = false
            if let flag = item["builtIn"] {
                guard case .bool(let value) = flag else {
                    return .failure(ProtocolError(.invalidRequest, "screens[\(index)].builtIn must be true or false"))
                }
                builtIn = value
            }
            guard !parsed.contains(where: { $0.output == output }) else {
                return .failure(ProtocolError(.invalidRequest, "screens[\(index)]: output \"\(output)\" is listed twice"))
            }
            parsed.append(Screen(output: output, rotation: rotation, builtIn: builtIn))
        }
        return .success(ScreenReport(source: sourceName, screens: parsed))
    }
}
