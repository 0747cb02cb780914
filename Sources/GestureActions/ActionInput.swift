import GesturePipeline
/// What an action types through the daemon's virtual keyboard and pointer (`keys:`, `buttons:`,
/// `wheel:`, `hwheel:`), as written: key names are turned into codes by `gesturectl` with the
/// user's layout (libxkbcommon), not here.
public struct ActionInput: Sendable, Equatable {
    /// Key combinations (`super+Right`), typed in order; with `on: began`, the one combination
    /// is held down until the instance ends or fails.
    public var keys: [String]
    /// Buttons (`left`, `right`, `middle`, …), clicked in order; with `on: began`, held.
    public var buttons: [String]
    /// Wheel detents (positive: away from the user, as a scroll up).
    public var wheel: Int32?
    /// Horizontal wheel detents (positive: right).
    public var hwheel: Int32?
    /// With `on: began`: hold the keys or button until the instance ends or fails (`true`, the
    /// default), or type them once (`hold: false`, as touchegg types keys at a gesture's start).
    public var hold: Bool

    /// An input.
    public init(keys: [String] = [], buttons: [String] = [], wheel: Int32? = nil, hwheel: Int32? = nil, hold: Bool = true) {
        self.keys = keys
        self.buttons = buttons
        self.wheel = wheel
        self.hwheel = hwheel
        self.hold = hold
    }

    /// Whether `on: began` holds it down: it has keys or buttons, and `hold:` is not false.
    public var holds: Bool { hold && (!keys.isEmpty || !buttons.isEmpty) }

    /// `keys super+Right`, `buttons right`, `wheel -1`.
    public var summary: String {
        var parts: [String] = []
        if !keys.isEmpty { parts.append("keys " + keys.joined(separator: ", ")) }
        if !buttons.isEmpty { parts.append("buttons " + buttons.joined(separator: ", ")) }
        if let wheel { parts.append("wheel \(wheel)") }
        if let hwheel { parts.append("hwheel \(hwheel)") }
        return parts.joined(separator: ", ")
    }
}
