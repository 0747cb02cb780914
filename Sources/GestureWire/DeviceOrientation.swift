import GestureCore


/// How a device is turned now, and who said so: the configuration's `rotation:`, or the
/// session in front for a touchscreen that follows its screen (`rotation: follow`).
public struct DeviceOrientation: Hashable, Sendable {
    /// Who set the rotation a following device has.
    public struct Teller: Hashable, Sendable {
        /// The report's source (`sway`, `gesturectl`).
        public var source: String
        /// The output whose rotation it took.
        public var output: String

        /// Who said it: `source`, of `output`.
        public init(source: String, output: String) {
            self.source = source
            self.output = output
        }
    }

    /// The rotation in force.
    public var rotation: SurfaceRotation
    /// The screen it follows (nil: it keeps the configuration's rotation).
    public var follows: FollowedScreen?
    /// Who gave a following device its rotation (nil: nobody yet, or it does not follow).
    public var setBy: Teller?

    /// Creates an orientation.
    public init(rotation: SurfaceRotation, follows: FollowedScreen? = nil, setBy: Teller? = nil) {
        self.rotation = rotation
        self.follows = follows
        self.setBy = setBy
    }

    /// As `hello`, `devices`, `device-added` and `device-changed` carry it: nil for a device that
    /// is neither turned nor following (nothing to say). `rotation` in degrees clockwise,
    /// `follows` (true when it follows a screen), `output` (the output configured for it, when
    /// named), `setBy` (`configuration`, or the source of the report that turned it) and `screen`
    /// (the output whose rotation it took).
    public var json: JSONValue? {
        guard rotation != .none || follows != nil else { return nil }
        var fields: [(String, JSONValue)] = [("rotation", .int(Int64(rotation.rawValue)))]
        if let follows {
            fields.append(("follows", .bool(true)))
            if let output = follows.output { fields.append(("output", .string(output))) }
        }
        if let setBy {
            fields += [("setBy", .string(setBy.source)), ("screen", .string(setBy.output))]
        } else {
            fields.append(("setBy", "configuration"))
        }
        return .object(fields)
    }

    /// Reads what ``json`` writes (nil: no orientation, or not one).
    public init?(json: JSONValue?) {
        guard let json, let degrees = json["rotation"]?.intValue, let rotation = SurfaceRotation(rawValue: Int(degrees)) else { return nil }
        self.rotation = rotation
        follows = json["follows"] == .bool(true) ? FollowedScreen(output: json["output"]?.stringValue) : nil
        if let source = json["setBy"]?.stringValue, source != "configuration", let output = json["screen"]?.stringValue {
            setBy = Teller(source: source, output: output)
        }
    }

    /// As `gesturectl devices` says it (nil when there is nothing to say): `turned 270° by sway
    /// (HEADLESS-1), following the built-in screen`, `turned 90° (configuration)`.
    public var text: String? {
        guard rotation != .none || follows != nil else { return nil }
        let by = setBy.map { "by \($0.source) (\($0.output))" } ?? "(configuration)"
        let turned = rotation == .none ? "not turned" : "turned \(rotation.rawValue)°"
        guard let follows else { return "\(turned) \(by)" }
        return "\(turned) \(setBy == nil ? "(nobody has said how its screen is turned yet)" : by), following \(follows.description)"
    }
}
